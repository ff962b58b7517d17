//! A fake country database in the MaxMind DB format (the format GeoLite2-Country ships in), so
//! the server's visitor-currency lookup reads a real file in tests: an IPv4 search tree with
//! 24-bit records, the data section of `{"country": {"iso_code": …}}` maps, and the metadata
//! map after its marker. Only what a country lookup needs.

/// A database placing each IPv4 network (`[a, b, c, d]`, prefix length) in a country.
pub fn country_db(networks: &[([u8; 4], u8, &str)]) -> Vec<u8> {
    #[derive(Clone, Copy)]
    enum Rec {
        Empty,
        Node(usize),
        Data(usize),
    }
    let mut data = Vec::new();
    let mut nodes: Vec<[Rec; 2]> = vec![[Rec::Empty, Rec::Empty]];
    for (ip, prefix, country) in networks {
        let offset = data.len();
        map(&mut data, 1);
        string(&mut data, "country");
        map(&mut data, 1);
        string(&mut data, "iso_code");
        string(&mut data, country);
        let bits = u32::from_be_bytes(*ip);
        let mut node = 0;
        for depth in 0..*prefix {
            let bit = ((bits >> (31 - depth)) & 1) as usize;
            if depth + 1 == *prefix {
                nodes[node][bit] = Rec::Data(offset);
            } else {
                node = match nodes[node][bit] {
                    Rec::Node(n) => n,
                    _ => {
                        nodes.push([Rec::Empty, Rec::Empty]);
                        let n = nodes.len() - 1;
                        nodes[node][bit] = Rec::Node(n);
                        n
                    }
                };
            }
        }
    }
    let count = nodes.len();
    let mut out = Vec::new();
    for pair in &nodes {
        for rec in pair {
            let v = match *rec {
                Rec::Empty => count,
                Rec::Node(n) => n,
                Rec::Data(off) => count + 16 + off,
            } as u32;
            out.extend_from_slice(&v.to_be_bytes()[1..]);
        }
    }
    out.extend_from_slice(&[0u8; 16]);
    out.extend_from_slice(&data);
    out.extend_from_slice(b"\xAB\xCD\xEFMaxMind.com");
    map(&mut out, 9);
    string(&mut out, "node_count");
    uint(&mut out, 6, count as u64);
    string(&mut out, "record_size");
    uint(&mut out, 5, 24);
    string(&mut out, "ip_version");
    uint(&mut out, 5, 4);
    string(&mut out, "database_type");
    string(&mut out, "GeoLite2-Country");
    string(&mut out, "languages");
    out.extend_from_slice(&[0x00, 0x04]); // an empty array (extended type 11)
    string(&mut out, "binary_format_major_version");
    uint(&mut out, 5, 2);
    string(&mut out, "binary_format_minor_version");
    uint(&mut out, 5, 0);
    string(&mut out, "build_epoch");
    out.extend_from_slice(&[0x08, 0x02]); // uint64 (extended type 9), 8 bytes
    out.extend_from_slice(&1_700_000_000u64.to_be_bytes());
    string(&mut out, "description");
    map(&mut out, 0);
    out
}

fn map(out: &mut Vec<u8>, entries: u8) {
    out.push((7 << 5) | entries);
}

fn string(out: &mut Vec<u8>, s: &str) {
    assert!(s.len() < 29, "short strings only");
    out.push((2 << 5) | s.len() as u8);
    out.extend_from_slice(s.as_bytes());
}

/// An unsigned integer of type `kind` (5 uint16, 6 uint32) in its fewest bytes.
fn uint(out: &mut Vec<u8>, kind: u8, v: u64) {
    let bytes = v.to_be_bytes();
    let skip = bytes.iter().take_while(|b| **b == 0).count();
    let digits = &bytes[skip..];
    out.push((kind << 5) | digits.len() as u8);
    out.extend_from_slice(digits);
}
