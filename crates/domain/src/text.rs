//! Text assembly without `core::fmt`. Rules build their few strings (dates, money, durations,
//! URLs) by pushing pieces: `format!` would link the formatting machinery (and the 128-bit
//! integer printer it needs) into the wasm module, several KB for a handful of numbers
//! (docs/BENCHMARKS.md, "Web app size"). Answers are the same as the `format!` they replace;
//! the tests compare them.

/// Appends `n` in decimal, its digits zero-padded to at least `width` (the sign, if any, before
/// the padding): `format!("{n:0width$}")` for non-negative `n`, and `-` then the padded digits
/// for negative `n`.
pub fn push_int(out: &mut String, n: i64, width: usize) {
    if n < 0 {
        out.push('-');
    }
    push_uint(out, n.unsigned_abs(), width);
}

/// Appends `n` in decimal, zero-padded to at least `width` digits.
pub fn push_uint(out: &mut String, mut n: u64, width: usize) {
    let mut buf = [0u8; 20];
    let mut i = buf.len();
    loop {
        i -= 1;
        buf[i] = b'0' + (n % 10) as u8;
        n /= 10;
        if n == 0 {
            break;
        }
    }
    for _ in buf.len() - i..width {
        out.push('0');
    }
    for &b in &buf[i..] {
        out.push(b as char);
    }
}

/// `n` in decimal.
pub fn int(n: i64) -> String {
    let mut s = String::new();
    push_int(&mut s, n, 0);
    s
}

/// A whole number below 1e38 in magnitude, in decimal: `format!("{}", f as i128)`. Beyond
/// 2^63 the float's exact value is expanded in base 10^9 (no 128-bit division is linked in).
pub fn whole_f64(f: f64) -> String {
    let mut s = String::new();
    if f.abs() < 9_223_372_036_854_775_808.0_f64 {
        push_int(&mut s, f as i64, 0);
        return s;
    }
    if f < 0.0 {
        s.push('-');
    }
    let bits = f.abs().to_bits();
    let mut limbs: Vec<u32> = Vec::new();
    let mut m = (bits & ((1 << 52) - 1)) | (1 << 52);
    while m > 0 {
        limbs.push((m % 1_000_000_000) as u32);
        m /= 1_000_000_000;
    }
    for _ in 0..((bits >> 52) as i64 - 1075) {
        let mut carry = 0u32;
        for limb in &mut limbs {
            let v = *limb * 2 + carry;
            carry = v / 1_000_000_000;
            *limb = v % 1_000_000_000;
        }
        if carry > 0 {
            limbs.push(carry);
        }
    }
    let mut first = true;
    for &limb in limbs.iter().rev() {
        push_uint(&mut s, u64::from(limb), if first { 0 } else { 9 });
        first = false;
    }
    s
}

/// Whether `needle` occurs in `haystack`: `str::contains` without core's two-way searcher,
/// which is 1.5 KB of the wasm module for two short patterns.
pub fn contains(haystack: &str, needle: &str) -> bool {
    // `windows(0)` would panic: the empty needle is answered first.
    needle.is_empty()
        || haystack
            .as_bytes()
            .windows(needle.len())
            .any(|w| w == needle.as_bytes())
}

/// The pieces joined into one string.
pub fn concat(pieces: &[&str]) -> String {
    let mut s = String::with_capacity(pieces.iter().map(|p| p.len()).sum());
    for p in pieces {
        s.push_str(p);
    }
    s
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    proptest! {
        #[test]
        fn push_int_writes_what_format_writes(n in any::<i64>(), width in 0usize..24) {
            let mut s = String::new();
            push_int(&mut s, n, width);
            let expected = if n < 0 {
                format!("-{:0width$}", n.unsigned_abs())
            } else {
                format!("{n:0width$}")
            };
            prop_assert_eq!(s, expected);
        }

        #[test]
        fn whole_f64_writes_what_i128_writes(m in -(1i64 << 53)..(1i64 << 53), e in 0i32..74) {
            let f = m as f64 * 2f64.powi(e);
            prop_assume!(f.abs() < 1e38);
            prop_assert_eq!(whole_f64(f), (f as i128).to_string());
        }

        #[test]
        fn contains_answers_what_str_contains_answers(h in "[a.b]{0,12}", n in "[a.b]{0,4}") {
            prop_assert_eq!(contains(&h, &n), h.contains(n.as_str()));
        }

        #[test]
        fn push_uint_writes_what_format_writes(n in any::<u64>(), width in 0usize..24) {
            let mut s = String::new();
            push_uint(&mut s, n, width);
            prop_assert_eq!(s, format!("{n:0width$}"));
        }
    }

    #[test]
    fn edges() {
        assert_eq!(int(0), "0");
        assert_eq!(int(i64::MIN), i64::MIN.to_string());
        assert_eq!(int(i64::MAX), i64::MAX.to_string());
        assert_eq!(whole_f64(1e20), "100000000000000000000");
        assert_eq!(whole_f64(-9.3e18), (-9.3e18f64 as i128).to_string());
        assert_eq!(whole_f64(9.999e37), (9.999e37f64 as i128).to_string());
        assert_eq!(concat(&["a", "", "bc"]), "abc");
    }
}
