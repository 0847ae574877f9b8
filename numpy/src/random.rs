//! `numpy.random`'s streams: the MT19937 bit generator of the legacy `RandomState` and the
//! PCG64 one of `Generator`, and the draws NumPy 2 makes from them (doubles, the legacy
//! polar-method normals, the ziggurat normals, bounded integers by masking or by Lemire's
//! method, the intervals of a shuffle), each consuming the same words in the same order
//! as NumPy's C code, so that a seed gives NumPy's numbers.
//!
//! Assumes seeding is done by the caller as NumPy does it (`stdlib-shims/numpy/random.py`
//! runs `SeedSequence`); the generators themselves are the `rand_mt` and `rand_pcg`
//! crates, whose output functions are NumPy's.

use crate::array::{Array, ArrayError, ArrayResult, DType, Value};
use rand_core::Rng;
use std::sync::OnceLock;

enum Core {
    Mt(Box<rand_mt::Mt>),
    Pcg(rand_pcg::Lcg128Xsl64),
}

/// A bit generator and the state NumPy keeps beside it: PCG64's unused upper half of a
/// 64-bit word (its 32-bit draws use both halves) and the legacy normal kept for the next
/// call (the polar method makes two at a time).
pub struct Stream {
    core: Core,
    spare_u32: Option<u32>,
    spare_gauss: Option<f64>,
}

/// How a bounded integer is drawn: the legacy `randint` masks and rejects, `Generator`
/// uses Lemire's multiply-and-reject.
#[derive(Clone, Copy, PartialEq, Eq)]
pub enum Bounding {
    Masked,
    Lemire,
}

/// Bits of the unsigned type NumPy draws a bounded integer of a dtype in; narrow types
/// draw several from one 32-bit word.
fn draw_bits(dtype: DType) -> Option<u32> {
    Some(match dtype {
        DType::Bool => 1,
        DType::Int8 | DType::UInt8 => 8,
        DType::Int16 | DType::UInt16 => 16,
        DType::Int32 | DType::UInt32 => 32,
        DType::Int64 | DType::UInt64 => 64,
        _ => return None,
    })
}

/// The 32-bit word narrow draws are cut from, and how many parts of it are left.
#[derive(Default)]
struct NarrowBuffer {
    word: u32,
    left: u32,
}

impl Stream {
    /// `RandomState(seed)` for an int seed (NumPy's `mt19937_seed`, Matsumoto and
    /// Nishimura's `init_genrand`).
    pub fn mt19937(seed: u32) -> Stream {
        Stream::of(Core::Mt(Box::new(rand_mt::Mt::new(seed))))
    }

    /// `RandomState(seed)` for a sequence of ints (`init_by_array`).
    pub fn mt19937_by_key(key: &[u32]) -> Stream {
        Stream::of(Core::Mt(Box::new(rand_mt::Mt::new_with_key(key.iter().copied()))))
    }

    /// `PCG64` from the four 64-bit words its `SeedSequence` generated: the state's high
    /// and low words, then the increment's.
    pub fn pcg64(words: [u64; 4]) -> Stream {
        let state = (u128::from(words[0]) << 64) | u128::from(words[1]);
        let stream = (u128::from(words[2]) << 64) | u128::from(words[3]);
        Stream::of(Core::Pcg(rand_pcg::Lcg128Xsl64::new(state, stream)))
    }

    fn of(core: Core) -> Stream {
        Stream { core, spare_u32: None, spare_gauss: None }
    }

    pub fn next_u32(&mut self) -> u32 {
        match &mut self.core {
            Core::Mt(mt) => mt.next_u32(),
            Core::Pcg(pcg) => {
                if let Some(upper) = self.spare_u32.take() {
                    return upper;
                }
                let word = pcg.next_u64();
                self.spare_u32 = Some((word >> 32) as u32);
                word as u32
            }
        }
    }

    pub fn next_u64(&mut self) -> u64 {
        match &mut self.core {
            // High word first, as NumPy's mt19937_next64.
            Core::Mt(mt) => mt.next_u64(),
            Core::Pcg(pcg) => pcg.next_u64(),
        }
    }

    /// A double in [0, 1) with 53 random bits.
    pub fn next_double(&mut self) -> f64 {
        match &mut self.core {
            Core::Mt(mt) => {
                let a = (mt.next_u32() >> 5) as f64;
                let b = (mt.next_u32() >> 6) as f64;
                (a * 67108864.0 + b) / 9007199254740992.0
            }
            Core::Pcg(pcg) => (pcg.next_u64() >> 11) as f64 * (1.0 / 9007199254740992.0),
        }
    }

    /// The legacy standard normal (`RandomState.randn`): Marsaglia's polar method, the
    /// second value of each pair kept for the next call.
    pub fn legacy_gauss(&mut self) -> f64 {
        if let Some(kept) = self.spare_gauss.take() {
            return kept;
        }
        loop {
            let x1 = 2.0 * self.next_double() - 1.0;
            let x2 = 2.0 * self.next_double() - 1.0;
            let r2 = x1 * x1 + x2 * x2;
            if r2 < 1.0 && r2 != 0.0 {
                let f = (-2.0 * r2.ln() / r2).sqrt();
                self.spare_gauss = Some(f * x1);
                return f * x2;
            }
        }
    }

    /// `Generator.standard_normal`: the 256-block ziggurat on one 64-bit word per try (8
    /// bits of block, 1 of sign, 52 of position).
    pub fn standard_normal(&mut self) -> f64 {
        let z = ziggurat();
        loop {
            let r = self.next_u64();
            let idx = (r & 0xff) as usize;
            let r = r >> 8;
            let negative = r & 1 == 1;
            let rabs = (r >> 1) & 0x000f_ffff_ffff_ffff;
            let mut x = rabs as f64 * z.w[idx];
            if negative {
                x = -x;
            }
            if rabs < z.k[idx] {
                return x;
            }
            if idx == 0 {
                // The tail beyond R, by Marsaglia's exponential method (1 - U avoids log(0)).
                loop {
                    let xx = -ZIGGURAT_INV_R * (-self.next_double()).ln_1p();
                    let yy = -(-self.next_double()).ln_1p();
                    if yy + yy > xx * xx {
                        return if (rabs >> 8) & 1 == 1 { -(ZIGGURAT_R + xx) } else { ZIGGURAT_R + xx };
                    }
                }
            }
            if (z.f[idx - 1] - z.f[idx]) * self.next_double() + z.f[idx] < (-0.5 * x * x).exp() {
                return x;
            }
        }
    }

    /// A uniform integer in [0, max] by masking (NumPy's `random_interval`, which shuffles
    /// use): 32-bit words while `max` fits in one.
    pub fn interval(&mut self, max: u64) -> u64 {
        if max == 0 {
            return 0;
        }
        let mask = smallest_mask(max);
        if max <= u64::from(u32::MAX) {
            loop {
                let v = u64::from(self.next_u32()) & mask;
                if v <= max {
                    return v;
                }
            }
        }
        loop {
            let v = self.next_u64() & mask;
            if v <= max {
                return v;
            }
        }
    }

    /// `count` integers `off + [0, rng]` (wrapping, as unsigned words) of a dtype's width,
    /// as NumPy's `random_bounded_uint{64,32,16,8}_fill` and `random_bounded_bool_fill`
    /// draw them (`bits` from [`bits_of`]).
    pub fn bounded(&mut self, off: u64, rng: u64, count: usize, bits: u32, how: Bounding) -> Vec<u64> {
        let mut out = Vec::with_capacity(count);
        if rng == 0 {
            out.resize(count, off);
            return out;
        }
        let mut narrow = NarrowBuffer::default();
        for _ in 0..count {
            let v = match bits {
                64 if rng > u64::from(u32::MAX) => {
                    if rng == u64::MAX {
                        self.next_u64()
                    } else if how == Bounding::Masked {
                        let mask = smallest_mask(rng);
                        loop {
                            let v = self.next_u64() & mask;
                            if v <= rng {
                                break v;
                            }
                        }
                    } else {
                        self.lemire64(rng)
                    }
                }
                64 | 32 => self.bounded_narrow(rng, 32, how, &mut narrow),
                _ => self.bounded_narrow(rng, bits, how, &mut narrow),
            };
            out.push(off.wrapping_add(v));
        }
        out
    }

    /// One draw in [0, rng] from `bits`-wide parts of 32-bit words (`rng` fits in them).
    fn bounded_narrow(&mut self, rng: u64, bits: u32, how: Bounding, narrow: &mut NarrowBuffer) -> u64 {
        let full = if bits == 32 { u64::from(u32::MAX) } else { (1u64 << bits) - 1 };
        if bits == 1 {
            return self.narrow_part(1, narrow);
        }
        if rng == full {
            return self.narrow_part(bits, narrow);
        }
        match how {
            Bounding::Masked => {
                let mask = smallest_mask(rng);
                loop {
                    let v = self.narrow_part(bits, narrow) & mask;
                    if v <= rng {
                        return v;
                    }
                }
            }
            Bounding::Lemire => {
                let rng_excl = rng + 1;
                let mut m = self.narrow_part(bits, narrow) * rng_excl;
                let mut leftover = m & full;
                if leftover < rng_excl {
                    let threshold = (full - rng) % rng_excl;
                    while leftover < threshold {
                        m = self.narrow_part(bits, narrow) * rng_excl;
                        leftover = m & full;
                    }
                }
                m >> bits
            }
        }
    }

    /// The next `bits`-wide part: a whole 32-bit word for 32, else the next slice of the
    /// buffered word (low bits first), a new word when it is used up.
    fn narrow_part(&mut self, bits: u32, narrow: &mut NarrowBuffer) -> u64 {
        if bits == 32 {
            return u64::from(self.next_u32());
        }
        if narrow.left == 0 {
            narrow.word = self.next_u32();
            narrow.left = 32 / bits - 1;
        } else {
            narrow.word >>= bits;
            narrow.left -= 1;
        }
        u64::from(narrow.word) & ((1u64 << bits) - 1)
    }

    fn lemire64(&mut self, rng: u64) -> u64 {
        let rng_excl = rng + 1;
        let mut m = u128::from(self.next_u64()) * u128::from(rng_excl);
        let mut leftover = m as u64;
        if leftover < rng_excl {
            let threshold = (u64::MAX - rng) % rng_excl;
            while leftover < threshold {
                m = u128::from(self.next_u64()) * u128::from(rng_excl);
                leftover = m as u64;
            }
        }
        (m >> 64) as u64
    }

    /// An array of `shape` (C order) filled by `draw`, or the one value when `shape` is
    /// `None`.
    pub fn doubles_of(
        &mut self,
        shape: Option<Vec<usize>>,
        mut draw: impl FnMut(&mut Stream) -> f64,
    ) -> ArrayResult<Result<f64, Array>> {
        let Some(shape) = shape else { return Ok(Ok(draw(self))) };
        let a = Array::zeros(DType::Float64, shape)?;
        let p = a.data().cast::<f64>();
        for i in 0..a.size() {
            // SAFETY: `a` is a new C-contiguous float64 array of `a.size()` items.
            unsafe { p.add(i).write(draw(self)) };
        }
        Ok(Err(a))
    }
}

impl Stream {
    /// Fisher-Yates over the first axis, as both `RandomState.shuffle` and
    /// `Generator.shuffle` do it: for i from n-1 down to 1, rows i and
    /// `interval(i)` swap.
    pub fn shuffle_rows(&mut self, a: &Array) -> ArrayResult<()> {
        let Some(&n) = a.shape().first() else {
            return Err(ArrayError::Value("shuffle: an array of at least one dimension is needed".into()));
        };
        if !a.writeable() {
            return Err(ArrayError::Value("assignment destination is read-only".into()));
        }
        if n < 2 || a.size() == 0 {
            return Ok(());
        }
        let stride = a.strides()[0];
        let row_offsets = a.row_offsets()?;
        let (base, itemsize) = (a.data(), a.dtype.itemsize());
        for i in (1..n).rev() {
            let j = self.interval(i as u64) as usize;
            if i == j {
                continue;
            }
            for &off in &row_offsets {
                // SAFETY: rows i and j are inside the view (i, j < n), and `off` is an
                // in-bounds offset of a row; items are swapped through a copy, so rows
                // that alias (a zero stride) stay sound.
                unsafe {
                    let p = base.offset(i as isize * stride + off);
                    let q = base.offset(j as isize * stride + off);
                    let mut tmp = [0u8; 16];
                    std::ptr::copy(p, tmp.as_mut_ptr(), itemsize);
                    std::ptr::copy(q, p, itemsize);
                    std::ptr::copy(tmp.as_ptr(), q, itemsize);
                }
            }
        }
        Ok(())
    }

    /// `Generator.choice(pop, size, replace=False)`'s indices: for a large sample of a
    /// population over 10,000, a partial Fisher-Yates over the tail of `arange(pop)`;
    /// otherwise Floyd's algorithm with a hash set, then a shuffle if asked (NumPy's
    /// choice between them; Lemire draws).
    pub fn sample_without_replacement(&mut self, pop: u64, size: u64, shuffle: bool) -> Vec<i64> {
        let below = |s: &mut Stream, max: u64| s.bounded(0, max, 1, 64, Bounding::Lemire)[0];
        let cutoff = if shuffle { 50 } else { 20 };
        if pop > 10_000 && size > pop / cutoff {
            let mut idx: Vec<i64> = (0..pop as i64).collect();
            let first = pop.saturating_sub(size).max(1);
            for i in (first..pop).rev() {
                let j = below(self, i);
                idx.swap(i as usize, j as usize);
            }
            return idx.split_off((pop - size) as usize);
        }
        let mask = smallest_mask((1.2 * size as f64) as u64);
        let mut set = vec![u64::MAX; (mask + 1) as usize];
        let mut idx = vec![0i64; size as usize];
        for j in pop - size..pop {
            let val = below(self, j);
            let mut loc = (val & mask) as usize;
            while set[loc] != u64::MAX && set[loc] != val {
                loc = (loc + 1) & mask as usize;
            }
            let chosen = if set[loc] == u64::MAX {
                val
            } else {
                loc = (j & mask) as usize;
                while set[loc] != u64::MAX {
                    loc = (loc + 1) & mask as usize;
                }
                j
            };
            set[loc] = chosen;
            idx[(j - (pop - size)) as usize] = chosen as i64;
        }
        if shuffle {
            for i in (1..size).rev() {
                let j = below(self, i);
                idx.swap(i as usize, j as usize);
            }
        }
        idx
    }
}

/// Writes bounded draws (`Stream::bounded`'s words) into a new array of `dtype`.
pub fn array_of_words(words: &[u64], dtype: DType, shape: Vec<usize>) -> ArrayResult<Array> {
    let a = Array::zeros(dtype, shape)?;
    let (p, itemsize) = (a.data(), dtype.itemsize());
    for (i, &w) in words.iter().enumerate().take(a.size()) {
        // SAFETY: `a` is a new C-contiguous array of `a.size()` items of `dtype`.
        unsafe { Value::UInt(w).write(dtype, p.add(i * itemsize)) };
    }
    Ok(a)
}

/// Bits a bounded draw of `dtype` takes, if it has one.
pub fn bits_of(dtype: DType) -> Option<u32> {
    draw_bits(dtype)
}

fn smallest_mask(max: u64) -> u64 {
    if max == 0 {
        0
    } else {
        u64::MAX >> max.leading_zeros()
    }
}

/// Where the ziggurat's tail begins, and its inverse.
const ZIGGURAT_R: f64 = 3.654_152_885_361_009;
const ZIGGURAT_INV_R: f64 = 0.273_661_237_329_758_3;
/// The area of each of the 256 blocks under exp(-x²/2) (not normalized), as the tables
/// NumPy uses were made with (`R·f(R) + √(π/2)·erfc(R/√2)` is 3 units of the last place
/// above it).
const ZIGGURAT_AREA: f64 = 0.004_928_673_233_974_652;

/// The ziggurat's tables: for block i, `k` the 52-bit position below which a point is
/// inside without evaluating the density, `w` the width of one position step, `f` the
/// density at the block's edge.
struct Ziggurat {
    k: [u64; 256],
    w: [f64; 256],
    f: [f64; 256],
}

/// The edges x of the 256 blocks by Marsaglia and Tsang's recursion downward from R
/// (`f(x[i+1]) = f(x[i]) + V / x[i]`), in double arithmetic, block 0 the base and tail.
/// This is the procedure NumPy's tables were generated by; they were made with another
/// C library's `exp` and `log`, and the blocks nearest the peak (2 to 37, where the
/// recursion's rounding has accumulated) come out a few units of the last place apart,
/// so `Generator`'s normals can differ from NumPy's in their last digits there
/// (tests/known_differences).
fn ziggurat() -> &'static Ziggurat {
    static TABLES: OnceLock<Ziggurat> = OnceLock::new();
    TABLES.get_or_init(|| {
        let scale = 4503599627370496.0; // 2**52
        let density = |x: f64| (-0.5 * x * x).exp();
        let mut x = [0.0f64; 256];
        x[255] = ZIGGURAT_R;
        for i in (1..255).rev() {
            x[i] = (-2.0 * (density(x[i + 1]) + ZIGGURAT_AREA / x[i + 1]).ln()).sqrt();
        }
        let mut z = Ziggurat { k: [0; 256], w: [0.0; 256], f: [0.0; 256] };
        z.k[0] = ((ZIGGURAT_R * density(ZIGGURAT_R) / ZIGGURAT_AREA) * scale).round() as u64;
        z.w[0] = ZIGGURAT_AREA / density(ZIGGURAT_R) / scale;
        z.f[0] = 1.0;
        for i in 1..256 {
            z.k[i] = ((x[i - 1] / x[i]) * scale).round() as u64;
            z.w[i] = x[i] / scale;
            z.f[i] = density(x[i]);
        }
        z
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    // Reference values from NumPy 2.4 on CPython.
    #[test]
    fn legacy_doubles_match_numpy() {
        let mut s = Stream::mt19937(42);
        assert_eq!(s.next_double(), 0.3745401188473625);
        assert_eq!(s.next_double(), 0.9507143064099162);
    }

    #[test]
    fn masks_cover_their_maximum() {
        assert_eq!(smallest_mask(1), 1);
        assert_eq!(smallest_mask(5), 7);
        assert_eq!(smallest_mask(8), 15);
        assert_eq!(smallest_mask(u64::MAX), u64::MAX);
    }
}
