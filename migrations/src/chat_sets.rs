//! The stored format of `call_chat_sets.chats` (migration `m20261124_000007_chat_sets`): the
//! distinct (direction, chat key) pairs of one user's calls on one UTC day, as one small blob.
//!
//! It lives with the migrations because the bytes are part of the schema: the migration that
//! builds the sets and the store that reads and extends them must agree on them, and a change of
//! format needs a new version byte and a migration, like a change of columns.
//!
//! Layout: the version byte `1`, then one group per direction in ascending order —
//! the direction (zigzag varint), the number of keys (varint), the first key (varint) and the
//! gaps to each next key (varints). Keys are ascending and distinct within a group. An empty set
//! is the empty blob.

/// A (direction, chat key) pair.
pub type Entry = (i16, i64);

const VERSION: u8 = 1;

fn put(out: &mut Vec<u8>, mut v: u64) {
    while v >= 0x80 {
        out.push((v as u8) | 0x80);
        v >>= 7;
    }
    out.push(v as u8);
}

fn take(bytes: &[u8], at: &mut usize) -> Option<u64> {
    let mut v: u64 = 0;
    for shift in (0..64).step_by(7) {
        let b = *bytes.get(*at)?;
        *at += 1;
        v |= u64::from(b & 0x7f) << shift;
        if b & 0x80 == 0 {
            return Some(v);
        }
    }
    None
}

/// Encodes `entries`, which must be sorted and without repeats (as [`merge`] leaves them).
pub fn encode(entries: &[Entry]) -> Vec<u8> {
    if entries.is_empty() {
        return Vec::new();
    }
    let mut out = Vec::with_capacity(2 + entries.len() * 3);
    out.push(VERSION);
    let mut i = 0;
    while i < entries.len() {
        let direction = entries[i].0;
        let n = entries[i..]
            .iter()
            .take_while(|(d, _)| *d == direction)
            .count();
        let zigzag = ((i64::from(direction) << 1) ^ (i64::from(direction) >> 63)) as u64;
        put(&mut out, zigzag);
        put(&mut out, n as u64);
        let mut previous = 0i64;
        for (j, (_, key)) in entries[i..i + n].iter().enumerate() {
            let gap = if j == 0 { *key } else { key - previous };
            put(&mut out, gap as u64);
            previous = *key;
        }
        i += n;
    }
    out
}

/// Appends the entries of `bytes` to `out`; `None` when the bytes are not a set of this format.
pub fn decode_into(bytes: &[u8], out: &mut Vec<Entry>) -> Option<()> {
    let Some((&version, rest)) = bytes.split_first() else {
        return Some(());
    };
    if version != VERSION {
        return None;
    }
    let mut at = 0;
    while at < rest.len() {
        let zigzag = take(rest, &mut at)?;
        let direction = i16::try_from(((zigzag >> 1) as i64) ^ -((zigzag & 1) as i64)).ok()?;
        let n = take(rest, &mut at)?;
        let mut key = 0i64;
        for j in 0..n {
            let gap = i64::try_from(take(rest, &mut at)?).ok()?;
            key = if j == 0 { gap } else { key.checked_add(gap)? };
            out.push((direction, key));
        }
    }
    Some(())
}

/// The entries of `bytes`, sorted and distinct.
pub fn decode(bytes: &[u8]) -> Option<Vec<Entry>> {
    let mut out = Vec::new();
    decode_into(bytes, &mut out)?;
    Some(out)
}

/// The set `bytes` with `more` added, encoded; `None` when nothing new was added (the stored
/// blob stays as it is) or when `bytes` is not a set of this format.
pub fn merge(bytes: &[u8], more: &[Entry]) -> Option<Vec<u8>> {
    let mut all = decode(bytes)?;
    let before = all.len();
    all.extend_from_slice(more);
    all.sort_unstable();
    all.dedup();
    (all.len() != before).then(|| encode(&all))
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn round_trips_and_stays_small() {
        let entries: Vec<Entry> = vec![(1, 3), (1, 4), (1, 900_000), (2, 1), (5, 7), (-3, 0)]
            .into_iter()
            .collect::<std::collections::BTreeSet<_>>()
            .into_iter()
            .collect();
        let bytes = encode(&entries);
        assert_eq!(decode(&bytes).unwrap(), entries);
        assert_eq!(decode(&[]).unwrap(), Vec::<Entry>::new());
        assert!(encode(&[]).is_empty());
        // 28 calls of a day among keys below 16 384: about two bytes a call.
        let day: Vec<Entry> = (0..28).map(|i| (1 + (i % 2) as i16, i * 500)).collect();
        let mut sorted = day.clone();
        sorted.sort_unstable();
        assert!(encode(&sorted).len() <= 2 + 4 + 28 * 2);
    }

    #[test]
    fn merge_adds_only_what_is_new() {
        let a = encode(&[(1, 10), (2, 10)]);
        assert_eq!(merge(&a, &[(1, 10)]), None);
        let b = merge(&a, &[(1, 5), (1, 10), (3, 1)]).unwrap();
        assert_eq!(decode(&b).unwrap(), vec![(1, 5), (1, 10), (2, 10), (3, 1)]);
        assert_eq!(
            decode(&merge(&[], &[(2, 2)]).unwrap()).unwrap(),
            vec![(2, 2)]
        );
    }

    #[test]
    fn refuses_what_is_not_a_set() {
        assert_eq!(decode(&[2, 1, 1, 1]), None);
        assert_eq!(decode(&[1, 2, 5]), None); // the keys are missing
        assert_eq!(decode(&[1, 2, 1, 0xff]), None); // a cut varint
    }
}
