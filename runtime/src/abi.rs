//! The native ABI, in one place: machine types, the calling convention, the status word
//! and out-buffer protocol, container layouts, and the table of runtime helpers native
//! code calls. The LIR lowering, every backend, the LIR interpreter and the dispatcher
//! read these definitions instead of restating them.
//!
//! Calling convention of a compiled function (every backend):
//! - inside a module: `fn(<typed machine arguments>..., out: ptr, depth: i64) -> i32`;
//!   the exported entry: `fn(args: *const u64, out: *mut u64, depth: i64) -> u32`, each
//!   argument part packed in one 64-bit word ([`to_word`]/[`from_word`]);
//! - the return value is a [`Status`]; on `Ok` the results are in `out[0..]`, one word per
//!   part; on `Deopt` `out[0]` is the deoptimization site's index in the module's site
//!   table; on `StaticRaise` `out[0]` is the index in its raise table; a failing callee's
//!   status and `out[0]` pass through its callers unchanged;
//! - on `TierUp` (only the root function leaves so) `out[0]` is the block where the next
//!   tier's code resumes and `out[1 + v]` the word of each variable `v` live there: the
//!   out buffer then holds at least one word more than the root has variables. The next
//!   tier's *resume entry* has the exported entry's signature and takes that state as
//!   its `args`;
//! - `depth` is how many nested native calls are still allowed; each call passes one less
//!   and a function entered with `depth <= 0` returns `RecursionLimit`.

pub use crate::Status;

/// A hash of the ABI's sources (this file and the crate root, where `Status` is): a
/// backend in a separate shared object (`targets/llvm-loader`) is used only when it was
/// built from the same ABI.
pub const SOURCE_FINGERPRINT: u64 = crate::fingerprint(&[include_str!("abi.rs"), include_str!("lib.rs")]);

/// A machine type: what a LIR value, a helper parameter or an argument word holds.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum MType {
    /// A truth value, 0 or 1 (one byte in memory and in registers).
    I1,
    I8,
    I64,
    F64,
    /// An address (64 bits on every supported host).
    Ptr,
}

impl MType {
    pub const ALL: [MType; 5] = [MType::I1, MType::I8, MType::I64, MType::F64, MType::Ptr];

    pub fn name(self) -> &'static str {
        match self {
            MType::I1 => "i1",
            MType::I8 => "i8",
            MType::I64 => "i64",
            MType::F64 => "f64",
            MType::Ptr => "ptr",
        }
    }

    pub fn from_name(name: &str) -> Option<MType> {
        MType::ALL.into_iter().find(|t| t.name() == name)
    }

    pub fn is_int(self) -> bool {
        !matches!(self, MType::F64)
    }

    /// Bytes in memory.
    pub fn size(self) -> u32 {
        match self {
            MType::I1 | MType::I8 => 1,
            MType::I64 | MType::F64 | MType::Ptr => 8,
        }
    }
}

/// A value of type `ty` packed into an argument or result word.
pub fn to_word(bits: u64, ty: MType) -> u64 {
    match ty {
        MType::I1 => bits & 1,
        MType::I8 => bits & 0xff,
        _ => bits,
    }
}

/// A word unpacked into the raw bits of a value of type `ty` (truncated for narrow types).
pub fn from_word(word: u64, ty: MType) -> u64 {
    to_word(word, ty)
}

/// Lists native code reads and writes: `[len, item0, item1, ...]`, the length and each
/// int or float item in one 64-bit word. An item that is a list is the address of that list's own copy (the same
/// address wherever the same list object is reachable); an item that is a tuple is the
/// address of its items, one word each (`[item0, item1, ...]`, no length: the type
/// says it).
pub mod list_layout {
    /// Offset of a tuple's item 0 from its address.
    pub const TUPLE_ITEMS_OFFSET: i32 = 0;
    /// Offset of the length word.
    pub const LEN_OFFSET: i32 = 0;
    /// Offset of item 0.
    pub const ITEMS_OFFSET: i32 = 8;
    /// log2 of a list item's size (8-byte words).
    pub const WORD_ITEM_SHIFT: i64 = 3;
}

/// Bytearrays native code reads and writes in place, as two words (argument words, and
/// two values in registers): the address of the object's own bytes, one byte per item,
/// and the length. Nothing is copied: the dispatcher holds the bytearray's lock for the
/// whole call, so no other thread resizes, moves or writes the bytes meanwhile, and
/// native code never resizes a bytearray, so both words hold for the whole call (an
/// index checked against the length needs no memory read). Automatic mode, which
/// re-executes a deoptimized call, keeps a copy of the bytes of each bytearray code may
/// write and puts it back when the call does not finish natively.
pub mod bytearray_layout {
    /// Which of a bytearray's two words is the address of item 0.
    pub const DATA_PART: usize = 0;
    /// Which of a bytearray's two words is its length.
    pub const LEN_PART: usize = 1;
}

/// Dicts native code reads and writes (`crate::dicts::NativeDict`): a header of three
/// words, the number of entries, the address of the keys (one word each, in insertion
/// order: an int, a str's id, or a tuple's interned address, `crate::tuple_keys`) and the address of the values (one word each, in the keys' order). Lookups and
/// insertions go through the helpers `pynum_dict_find` and `pynum_dict_slot`, which
/// answer an entry's index; an insertion may move both arrays, so native code reads
/// their addresses again after it.
pub mod dict_layout {
    pub const LEN_OFFSET: i32 = 0;
    pub const KEYS_OFFSET: i32 = 8;
    pub const VALUES_OFFSET: i32 = 16;
    /// log2 of a key's or value's size (8-byte words).
    pub const ENTRY_SHIFT: i64 = 3;
}

/// NumPy arrays (`import numpy`, crate `pynum-numpy`) as native code will read them: a
/// data pointer, a dtype code, and `ndim` shape and stride words. An array's elements
/// are never moved while the array (or a view of it) is alive; a view shares its base's
/// allocation and differs only in `data`, `shape` and `strides`.
///
/// Requirements every array satisfies (checked when a view is made, so native code need
/// not check them again):
/// 1. `shape[k] >= 0`; `strides[k]` is in bytes, may be negative or zero, and is a
///    multiple of the item size for every array pynum makes;
/// 2. for every index `0 <= i[k] < shape[k]`, `data + sum(i[k] * strides[k])` points at a
///    whole item inside the allocation (an array with a zero in its shape points nowhere);
/// 3. items are stored in the host's byte order; bool is one byte, 0 or 1; complex128 is
///    two f64, real first.
pub mod array_layout {
    /// The element type of an array, with the codes native code sees in [`ArrayDesc::dtype`].
    #[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
    #[repr(u32)]
    pub enum DType {
        Bool = 0,
        Int8 = 1,
        Int16 = 2,
        Int32 = 3,
        Int64 = 4,
        UInt8 = 5,
        UInt16 = 6,
        UInt32 = 7,
        UInt64 = 8,
        Float32 = 9,
        Float64 = 10,
        Complex128 = 11,
    }

    impl DType {
        pub const ALL: [DType; 12] = [
            DType::Bool,
            DType::Int8,
            DType::Int16,
            DType::Int32,
            DType::Int64,
            DType::UInt8,
            DType::UInt16,
            DType::UInt32,
            DType::UInt64,
            DType::Float32,
            DType::Float64,
            DType::Complex128,
        ];

        /// Bytes per item.
        pub fn itemsize(self) -> usize {
            match self {
                DType::Bool | DType::Int8 | DType::UInt8 => 1,
                DType::Int16 | DType::UInt16 => 2,
                DType::Int32 | DType::UInt32 | DType::Float32 => 4,
                DType::Int64 | DType::UInt64 | DType::Float64 => 8,
                DType::Complex128 => 16,
            }
        }

        /// NumPy's name for it (`np.dtype(name)`).
        pub fn name(self) -> &'static str {
            match self {
                DType::Bool => "bool",
                DType::Int8 => "int8",
                DType::Int16 => "int16",
                DType::Int32 => "int32",
                DType::Int64 => "int64",
                DType::UInt8 => "uint8",
                DType::UInt16 => "uint16",
                DType::UInt32 => "uint32",
                DType::UInt64 => "uint64",
                DType::Float32 => "float32",
                DType::Float64 => "float64",
                DType::Complex128 => "complex128",
            }
        }

        pub fn from_name(name: &str) -> Option<DType> {
            DType::ALL.into_iter().find(|d| d.name() == name)
        }
    }

    /// [`ArrayDesc::flags`] bits.
    pub const C_CONTIGUOUS: u32 = 1;
    pub const F_CONTIGUOUS: u32 = 2;
    pub const WRITEABLE: u32 = 4;

    /// What native code is handed for one array argument. `shape` and `strides` point at
    /// `ndim` words each, owned by the array object, alive as long as it is.
    #[derive(Debug, Clone, Copy)]
    #[repr(C)]
    pub struct ArrayDesc {
        /// The item at index `(0, ..., 0)`.
        pub data: *mut u8,
        pub ndim: i64,
        pub shape: *const i64,
        /// Bytes between consecutive items along each axis.
        pub strides: *const i64,
        /// A [`DType`] code.
        pub dtype: u32,
        /// [`C_CONTIGUOUS`] | [`F_CONTIGUOUS`] | [`WRITEABLE`].
        pub flags: u32,
    }
}

/// A function native code may call: its symbol, signature and address.
#[derive(Debug, Clone, Copy)]
pub struct Helper {
    pub symbol: &'static str,
    pub params: &'static [MType],
    pub result: MType,
    pub address: *const u8,
    /// Whether it allocates in the native arena (the dispatcher empties it after the call).
    pub allocates: bool,
    /// Whether it may write memory native code was given (a dict's copy it grows): code
    /// that calls none and stores nothing has nothing to write back.
    pub writes_memory: bool,
}

impl Helper {
    /// A helper that neither allocates in the arena nor writes what it is given.
    pub fn new(symbol: &'static str, params: &'static [MType], result: MType, address: *const u8) -> Helper {
        Helper { symbol, params, result, address, allocates: false, writes_memory: false }
    }

    fn allocating(self) -> Helper {
        Helper { allocates: true, ..self }
    }

    fn writing(self) -> Helper {
        Helper { writes_memory: true, ..self }
    }
}

// SAFETY: the address is a function's, immutable for the process's life.
unsafe impl Send for Helper {}
unsafe impl Sync for Helper {}

use MType::{Ptr, F64, I64, I8};

/// The runtime's own helpers (the `math` functions' are in the JIT's ops registry, with
/// the op they implement).
pub fn runtime_helpers() -> [Helper; 22] {
    [
        Helper::new("pynum_float_floordiv", &[F64, F64], F64, crate::float_floordiv as *const u8),
        Helper::new("pynum_float_mod", &[F64, F64], F64, crate::float_mod as *const u8),
        Helper::new("pynum_int_pow", &[I64, I64], I64, crate::int_pow_wrapping as *const u8),
        Helper::new("pynum_int_pow_fits", &[I64, I64], I8, crate::int_pow_fits as *const u8),
        Helper::new("pynum_round_ndigits", &[F64, I64], F64, crate::round_ndigits as *const u8),
        Helper::new("pynum_round_int_ndigits", &[I64, I64], I64, crate::round_int_ndigits as *const u8),
        Helper::new("pynum_list_new", &[I64], Ptr, crate::lists::list_new as *const u8).allocating(),
        Helper::new("pynum_list_repeat", &[Ptr, I64], Ptr, crate::lists::list_repeat as *const u8).allocating(),
        // A comprehension's list: room for items, moved to twice the room when full.
        Helper::new("pynum_list_growable", &[I64], Ptr, crate::lists::list_growable as *const u8).allocating(),
        Helper::new("pynum_list_grow", &[Ptr], Ptr, crate::lists::list_grow as *const u8).allocating(),
        Helper::new("pynum_array_new", &[I64], Ptr, crate::arrays::array_new as *const u8).allocating(),
        Helper::new("pynum_dict_find", &[Ptr, I64], I64, crate::dicts::dict_find as *const u8),
        // Grows the dispatcher's copy of a dict, never the arena.
        Helper::new("pynum_dict_slot", &[Ptr, I64], I64, crate::dicts::dict_slot as *const u8).writing(),
        // A tuple dict key's word (`crate::tuple_keys`): interned in this thread's table,
        // which the dispatcher empties after the call wrote back (it reads new keys).
        Helper::new("pynum_tuple_key1", &[I64], I64, crate::tuple_keys::tuple_key1 as *const u8),
        Helper::new("pynum_tuple_key2", &[I64, I64], I64, crate::tuple_keys::tuple_key2 as *const u8),
        Helper::new("pynum_tuple_key3", &[I64, I64, I64], I64, crate::tuple_keys::tuple_key3 as *const u8),
        Helper::new("pynum_tuple_key4", &[I64, I64, I64, I64], I64, crate::tuple_keys::tuple_key4 as *const u8),
        // A tuple looked up: its word if some key is equal, else one no entry holds.
        Helper::new("pynum_tuple_key_find1", &[I64], I64, crate::tuple_keys::tuple_key_find1 as *const u8),
        Helper::new("pynum_tuple_key_find2", &[I64, I64], I64, crate::tuple_keys::tuple_key_find2 as *const u8),
        Helper::new("pynum_tuple_key_find3", &[I64, I64, I64], I64, crate::tuple_keys::tuple_key_find3 as *const u8),
        Helper::new(
            "pynum_tuple_key_find4",
            &[I64, I64, I64, I64],
            I64,
            crate::tuple_keys::tuple_key_find4 as *const u8,
        ),
        // A loop's back edge when the poll flags are set: carry on, leave for an
        // interrupt, or move up a tier (`crate::safepoint`).
        Helper::new("pynum_safepoint", &[I64], I64, crate::safepoint as *const u8),
    ]
}

/// Calls `helper` with raw argument bits (as the LIR interpreter holds values) and returns
/// the result's raw bits.
///
/// # Safety
/// `args` must match `helper.params` in number, and pointer arguments must be valid for
/// what the helper does with them.
pub unsafe fn call_helper(helper: &Helper, args: &[u64]) -> u64 {
    use std::mem::transmute;
    let f = helper.address;
    let as_f = |bits: u64| f64::from_bits(bits);
    unsafe {
        match (helper.params, helper.result) {
            ([F64], F64) => transmute::<*const u8, extern "C" fn(f64) -> f64>(f)(as_f(args[0])).to_bits(),
            ([F64, F64], F64) => {
                transmute::<*const u8, extern "C" fn(f64, f64) -> f64>(f)(as_f(args[0]), as_f(args[1])).to_bits()
            }
            ([F64, I64], F64) => {
                transmute::<*const u8, extern "C" fn(f64, i64) -> f64>(f)(as_f(args[0]), args[1] as i64).to_bits()
            }
            ([I64, I64], I64) => {
                transmute::<*const u8, extern "C" fn(i64, i64) -> i64>(f)(args[0] as i64, args[1] as i64) as u64
            }
            ([I64, I64], I8) => {
                transmute::<*const u8, extern "C" fn(i64, i64) -> i8>(f)(args[0] as i64, args[1] as i64) as u8 as u64
            }
            ([I64], I64) => transmute::<*const u8, extern "C" fn(i64) -> i64>(f)(args[0] as i64) as u64,
            ([I64, I64, I64], I64) => transmute::<*const u8, extern "C" fn(i64, i64, i64) -> i64>(f)(
                args[0] as i64,
                args[1] as i64,
                args[2] as i64,
            ) as u64,
            ([I64, I64, I64, I64], I64) => transmute::<*const u8, extern "C" fn(i64, i64, i64, i64) -> i64>(f)(
                args[0] as i64,
                args[1] as i64,
                args[2] as i64,
                args[3] as i64,
            ) as u64,
            ([I64], Ptr) => transmute::<*const u8, extern "C" fn(i64) -> *mut u8>(f)(args[0] as i64) as u64,
            ([Ptr], Ptr) => transmute::<*const u8, extern "C" fn(*mut u64) -> *mut u64>(f)(args[0] as *mut u64) as u64,
            ([Ptr, I64], Ptr) => transmute::<*const u8, extern "C" fn(*const u64, i64) -> *mut u64>(f)(
                args[0] as *const u64,
                args[1] as i64,
            ) as u64,
            ([Ptr, I64], I64) => {
                transmute::<*const u8, extern "C" fn(*const u64, i64) -> i64>(f)(args[0] as *const u64, args[1] as i64)
                    as u64
            }
            (params, result) => panic!("no call shape for a helper {params:?} -> {result:?}"),
        }
    }
}
