//! Plain decimal text (`123.456`, already split into its digit runs) to the nearest `f64`,
//! correctly rounded with ties to even — the value `str::parse::<f64>` gives, without core's
//! float parser. That parser carries a 10.4 KB table of powers of five that does not compress
//! and was the largest single item of the wasm module's data (docs/BENCHMARKS.md, "Web app
//! size"). The rules only ever read plain decimals (the spec's number check, durations), so
//! this covers every use.
//!
//! Short inputs (at most 15 significant digits, at most 22 fraction digits) take the exact
//! one-operation path; anything longer is divided out in big integers, bit by bit — slow, but
//! no form field has such numbers.

/// Powers of ten exactly representable as `f64`.
const POW10: [f64; 23] = [
    1e0, 1e1, 1e2, 1e3, 1e4, 1e5, 1e6, 1e7, 1e8, 1e9, 1e10, 1e11, 1e12, 1e13, 1e14, 1e15, 1e16,
    1e17, 1e18, 1e19, 1e20, 1e21, 1e22,
];

/// The value of `int.frac` (both ASCII digit runs, either may be empty), negated when
/// `negative`. Text beyond `f64`'s range is infinite, below it zero, as `str::parse` answers.
pub fn to_f64(negative: bool, int: &str, frac: &str) -> f64 {
    let magnitude = unsigned_to_f64(int.as_bytes(), frac.as_bytes());
    if negative {
        -magnitude
    } else {
        magnitude
    }
}

fn unsigned_to_f64(int: &[u8], frac: &[u8]) -> f64 {
    // Significant digits: leading zeros of the whole number and trailing zeros of the
    // fraction carry no value. `exp10` is the power of ten of the last digit kept.
    let all = || int.iter().chain(frac).copied();
    let leading = all().take_while(|&d| d == b'0').count();
    let total = int.len() + frac.len();
    if leading == total {
        return 0.0;
    }
    let trailing = all().rev().take_while(|&d| d == b'0').count();
    let digits: Vec<u8> = all()
        .skip(leading)
        .take(total - leading - trailing)
        .collect();
    let exp10 = trailing as i64 - frac.len() as i64;

    if digits.len() <= 15 && (-22..=22).contains(&exp10) {
        // Below 10^15 < 2^53 the digits are an exact f64, as is 10^|exp10|: one IEEE
        // operation on two exact values is correctly rounded.
        let m = digits
            .iter()
            .fold(0u64, |m, &d| m * 10 + u64::from(d - b'0')) as f64;
        let p = POW10[exp10.unsigned_abs() as usize];
        return if exp10 < 0 { m / p } else { m * p };
    }
    slow(&digits, exp10)
}

/// `digits × 10^exp10` through big integers: numerator and denominator are scaled so their
/// quotient has 64 to 65 bits, the quotient is found bit by bit and whatever is left over
/// only decides rounding.
fn slow(digits: &[u8], exp10: i64) -> f64 {
    // Anything with more than 330 digits before the point overflows; anything whose first
    // significant digit is more than 400 places after the point is below half the smallest
    // subnormal. Stopping there keeps the big numbers small for any input.
    let magnitude = digits.len() as i64 + exp10;
    if magnitude > 330 {
        return f64::INFINITY;
    }
    if magnitude < -400 {
        return 0.0;
    }
    let mut num = Big::default();
    for &d in digits {
        num.mul_add(10, u32::from(d - b'0'));
    }
    let mut den = Big::from(1);
    for _ in 0..exp10.unsigned_abs() {
        if exp10 > 0 {
            num.mul_add(10, 0);
        } else {
            den.mul_add(10, 0);
        }
    }
    // value = num / den = q × 2^-shift (+ a remainder below one unit of q).
    let shift = 64 + den.bits() as i64 - num.bits() as i64;
    if shift > 0 {
        num.shl(shift as u32);
    } else {
        den.shl((-shift) as u32);
    }
    // Now 2^63 ≤ num / den < 2^65.
    let mut q = 0u128;
    den.shl(64);
    for i in (0..=64).rev() {
        if num.cmp(&den) != core::cmp::Ordering::Less {
            num.sub(&den);
            q |= 1u128 << i;
        }
        den.shr1();
    }
    round(q, -shift, !num.is_zero())
}

/// The f64 nearest to `q × 2^exp2` (plus a positive remainder below one unit of `q` when
/// `sticky`), ties to even; `q` has at least 54 bits.
fn round(q: u128, exp2: i64, sticky: bool) -> f64 {
    let len = 128 - i64::from(q.leading_zeros());
    // The value is 1.xxx × 2^top.
    let top = exp2 + len - 1;
    if top > 1023 {
        return f64::INFINITY;
    }
    // Mantissa bits available at this exponent: 53 for normal numbers, fewer below 2^-1022.
    let keep = if top >= -1022 { 53 } else { 53 - (-1022 - top) };
    if keep < 0 {
        return 0.0;
    }
    let drop = (len - keep) as u32; // ≥ 1: q has at least 54 bits
    let mut mantissa = (q >> drop) as u64;
    let rest = q & ((1u128 << drop) - 1);
    let half = 1u128 << (drop - 1);
    if rest > half || (rest == half && (sticky || mantissa & 1 == 1)) {
        mantissa += 1;
    }
    if top >= -1022 {
        let mut biased = (top + 1023) as u64;
        if mantissa == 1 << 53 {
            mantissa >>= 1;
            biased += 1;
            if biased >= 2047 {
                return f64::INFINITY;
            }
        }
        f64::from_bits((biased << 52) | (mantissa & ((1 << 52) - 1)))
    } else {
        // Subnormal: exponent field 0 and no hidden bit; a carry into bit 52 is exactly the
        // smallest normal number's encoding.
        f64::from_bits(mantissa)
    }
}

/// An unsigned big integer, 32-bit limbs, least significant first.
#[derive(Debug, Clone, Default)]
struct Big(Vec<u32>);

impl From<u32> for Big {
    fn from(v: u32) -> Self {
        Big(vec![v])
    }
}

impl Big {
    fn mul_add(&mut self, mul: u32, add: u32) {
        let mut carry = u64::from(add);
        for limb in &mut self.0 {
            let v = u64::from(*limb) * u64::from(mul) + carry;
            *limb = v as u32;
            carry = v >> 32;
        }
        if carry > 0 {
            self.0.push(carry as u32);
        }
    }

    fn bits(&self) -> u32 {
        let mut n = self.0.len();
        while n > 0 && self.0[n - 1] == 0 {
            n -= 1;
        }
        if n == 0 {
            0
        } else {
            n as u32 * 32 - self.0[n - 1].leading_zeros()
        }
    }

    fn is_zero(&self) -> bool {
        self.0.iter().all(|&l| l == 0)
    }

    fn shl(&mut self, by: u32) {
        let (limbs, bits) = ((by / 32) as usize, by % 32);
        if bits > 0 {
            let mut carry = 0u32;
            for limb in &mut self.0 {
                let v = *limb;
                *limb = (v << bits) | carry;
                carry = v >> (32 - bits);
            }
            if carry > 0 {
                self.0.push(carry);
            }
        }
        self.0.splice(0..0, core::iter::repeat_n(0, limbs));
    }

    fn shr1(&mut self) {
        let mut carry = 0u32;
        for limb in self.0.iter_mut().rev() {
            let v = *limb;
            *limb = (v >> 1) | (carry << 31);
            carry = v & 1;
        }
    }

    fn cmp(&self, other: &Big) -> core::cmp::Ordering {
        let n = self.0.len().max(other.0.len());
        let at = |b: &Big, i: usize| b.0.get(i).copied().unwrap_or(0);
        (0..n)
            .rev()
            .map(|i| at(self, i).cmp(&at(other, i)))
            .find(|o| o.is_ne())
            .unwrap_or(core::cmp::Ordering::Equal)
    }

    /// `self -= other`; `other ≤ self`.
    fn sub(&mut self, other: &Big) {
        let mut borrow = 0i64;
        for (i, limb) in self.0.iter_mut().enumerate() {
            let v = i64::from(*limb) - i64::from(other.0.get(i).copied().unwrap_or(0)) - borrow;
            borrow = i64::from(v < 0);
            *limb = (v + (borrow << 32)) as u32;
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;
    use proptest::prelude::*;

    fn parse(text: &str) -> f64 {
        let (int, frac) = text.split_once('.').unwrap_or((text, ""));
        to_f64(false, int, frac)
    }

    fn same(text: &str) {
        let want: f64 = text.parse().unwrap();
        let got = parse(text);
        assert_eq!(got.to_bits(), want.to_bits(), "{text}: {got:e} vs {want:e}");
    }

    #[test]
    fn agrees_with_core_on_hard_cases() {
        for text in [
            "0",
            "0.0",
            ".5",
            "7.",
            "00012.3400",
            "0.1",
            "0.3",
            "123456789012345",
            "1234567890123456",                        // 16 digits: slow path
            "9007199254740993",                        // 2^53 + 1: a tie, to even (down)
            "9007199254740995",                        // 2^53 + 3: a tie, to even (up)
            "9007199254740993.0000000000000000000001", // just above the tie: up
            "0.30000000000000004",
            "2.2250738585072011",
            "4.9406564584124654",
            "17976931348623157",
            "1797693134862315708145274237317043567981",
            "123.45678901234567890123456789",
            "0.000001",
            "1e0".split('e').next().unwrap(),
            "100000000000000000000000", // exp10 = 23 after trailing zeros: slow path
            "10000000000000000000000",  // 1e22: fast path
        ] {
            same(text);
        }
    }

    #[test]
    fn extremes() {
        // The largest finite double, the smallest normal, the smallest subnormal, and just
        // past each edge.
        let max = format!("{:.0}", f64::MAX);
        same(&max);
        same(&format!("{max}9"));
        same(&format!("0.{}22250738585072014", "0".repeat(307)));
        same(&format!("0.{}49406564584124654", "0".repeat(323)));
        same(&format!("0.{}2470328229206232720", "0".repeat(323))); // half the smallest: 0
        same(&format!("0.{}2470328229206232721", "0".repeat(323))); // just above: smallest
        same(&format!("0.{}1", "0".repeat(500)));
        same(&format!("1{}", "0".repeat(400)));
        same(&format!("{}.{}", "9".repeat(200), "9".repeat(200)));
        assert_eq!(to_f64(true, "2", "5"), -2.5);
        assert_eq!(to_f64(true, "0", "").to_bits(), (-0.0f64).to_bits());
    }

    proptest! {
        #![proptest_config(ProptestConfig::with_cases(4000))]
        #[test]
        fn agrees_with_core(int in "[0-9]{0,30}", frac in "[0-9]{0,30}") {
            prop_assume!(!int.is_empty() || !frac.is_empty());
            same(&format!("{int}.{frac}"));
        }

        #[test]
        fn agrees_with_core_on_doubles(bits in 1u64..0x7FEF_FFFF_FFFF_FFFF, long in any::<bool>()) {
            // Shortest and 17-digit forms of random doubles, rewritten as plain decimals.
            let x = f64::from_bits(bits);
            let text = if long { format!("{x:.17e}") } else { format!("{x:e}") };
            same(&plain_decimal(&text));
        }

        #[test]
        fn agrees_with_core_at_halfway_points(m in (1u128 << 52)..(1u128 << 53), e in 53u32..127, off in 0u8..3) {
            // Integers halfway between two neighbouring doubles (ties go to the even one),
            // and one above and below.
            let mid = (m << (e - 52)) + (1u128 << (e - 53));
            let text = (mid + u128::from(off)).saturating_sub(1).to_string();
            same(&text);
        }
    }

    /// `1.25e-3` → `0.00125`; `1.5e2` → `150`.
    fn plain_decimal(text: &str) -> String {
        let (mantissa, exp) = match text.split_once('e') {
            Some((m, e)) => (m, e.parse::<i64>().unwrap()),
            None => (text, 0),
        };
        let (int, frac) = mantissa.split_once('.').unwrap_or((mantissa, ""));
        let digits = format!("{int}{frac}");
        let point = int.len() as i64 + exp;
        if point <= 0 {
            format!("0.{}{digits}", "0".repeat((-point) as usize))
        } else if point as usize >= digits.len() {
            format!("{digits}{}", "0".repeat(point as usize - digits.len()))
        } else {
            format!(
                "{}.{}",
                &digits[..point as usize],
                &digits[point as usize..]
            )
        }
    }
}
