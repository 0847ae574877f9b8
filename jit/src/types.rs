//! The types of typed IR, and the promotion table that unifies them at merge points.
//!
//! Follows Numba's rules where pynum runs Numba code: `bool < int64 < float64 <
//! complex128`, wider ints win, any int with any float is `float64`, tuples unify
//! element-wise; everything else (an int with a str) does not unify. `pyobject` stands
//! for what native tiers do not handle; a region that needs it stays interpreted.

use std::fmt;

/// The longest tuple native code takes as a dict key (one runtime helper per length).
pub const MAX_TUPLE_KEY_LEN: usize = 4;

/// The longest tuple native code takes as a value (an argument, a list's item): each item
/// is a word of its own, so typing, lowering and the code grow with the length, and an
/// index by a variable is a choice among all items. A tuple of 4096 ints took 2.6 s to
/// compile at tier 1, longer than the loop over it ran; a longer tuple is a `pyobject`.
pub const MAX_TUPLE_LEN: usize = 32;

#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub enum Type {
    Bool,
    Int {
        bits: u8,
        signed: bool,
    },
    Float {
        bits: u8,
    },
    Complex128,
    NoneType,
    Str,
    /// A tuple; homogeneous ones print as `UniTuple(t x n)`.
    Tuple(Vec<Type>),
    /// `range(start, stop, step)` before iteration.
    RangeState,
    /// The iterator of a range.
    RangeIter,
    /// What `iternext` yields: the next value and whether there was one.
    IterPair(Box<Type>),
    /// A builtin function (`abs`, `range`...), by name.
    Builtin(String),
    /// A module known to the typing context (`math`).
    Module(String),
    /// A function of a known module (`math.sqrt`).
    ModuleFunction(String, String),
    /// A user function, typed through its own signature, by qualified name.
    Function(String),
    /// A NumPy scalar type used as a dtype or a conversion (`np.float64`, `np.int64`),
    /// Numba's `NumberClass`: the number type it makes.
    NumberClass(Box<Type>),
    /// A Python list whose items are all of one type: `int64` or `float64`, a list of
    /// those (a list of lists), or a tuple of those (a list of tuples). Reflected as
    /// Numba's are: native code works on a copy of the items, and items it changed are
    /// written back when it finishes; an inner list or tuple is a pointer to its own
    /// copy, one copy per object however often it is reachable. The element type comes
    /// from the values, so a list of ints stays a list of ints.
    List(Box<Type>),
    /// A `bytearray`: items are ints in `0..=255`, read and written in its own bytes
    /// (its address and length, `runtime::abi::bytearray_layout`).
    ByteArray,
    /// The iterator of a list: the list and the next index.
    ListIter(Box<Type>),
    /// `enumerate(xs[, start])` before iteration, of an iterable native code iterates
    /// (a range, a list, a dict or its view): the next count, then the iterable's parts.
    Enumerate(Box<Type>),
    /// The iterator of `enumerate`: the next count, then the iterable's iterator's parts.
    EnumerateIter(Box<Type>),
    /// `zip(a, b, ...)` before iteration: each iterable's parts, in order.
    Zip(Vec<Type>),
    /// A slice `start:stop:step`, each bound an `int64`, a `bool` or `None` (three types,
    /// the parts of each in order).
    Slice(Vec<Type>),
    /// The iterator of `zip`: each iterable's iterator's parts, in order.
    ZipIter(Vec<Type>),
    /// An instance of a plain user class (see [`ObjectType`]), reflected as a list is:
    /// native code works on a copy of its fields, written back when it finishes.
    Object(Box<ObjectType>),
    /// A Python dict whose keys are `int64` and whose values are all `int64` or all
    /// `float64` (an empty dict counts as ints to ints), reflected as a list is: native
    /// code works on a copy in insertion order (`runtime/src/dicts.rs`), which may grow,
    /// and the entries it changed or added are written back when it succeeds.
    /// Automatic mode only: Numba types no Python dict (its `typed.Dict` is another thing).
    Dict(Box<Type>, Box<Type>),
    /// A method looked up on a value (`d.get`), before the call; its parts are the
    /// receiver's.
    Method(Box<Type>, String),
    /// `d.keys()`, `d.values()` or `d.items()` of a dict typed `Dict`: the dict's copy.
    DictView(Box<Type>, DictViewKind),
    /// The iterator of a dict or of one of its views: the copy, the next entry and the
    /// length when iteration began (a dict that changed size raises at the next step).
    DictIter(Box<Type>, DictViewKind),
    /// A NumPy array (`import numpy`, crate `pynum-numpy`) of `int64` or `float64`
    /// items with any strides, Numba's `array(float64, 2d, A)`. `@njit` only: native code
    /// reads and writes its items in place, as Numba's does, and never copies it (automatic
    /// mode, which re-executes a deoptimized call, could not undo such a write). Its parts
    /// are the data pointer, `ndim` shape words and `ndim` stride words in bytes
    /// (`runtime::abi::array_layout`); a view (`m[i]` of a matrix) is new parts over the
    /// same memory. An array whose `flags.writeable` is false is its own type, which
    /// typing refuses to store into, as Numba's `readonly array`.
    Array {
        item: Box<Type>,
        ndim: u8,
        readonly: bool,
    },
    /// Anything else: an object only the interpreter handles.
    PyObject,
}

/// What iterating over a dict yields: its keys (also `for k in d`), its values, or
/// `(key, value)` pairs.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum DictViewKind {
    Keys,
    Values,
    Items,
}

impl DictViewKind {
    /// The method that makes the view.
    pub fn method(self) -> &'static str {
        match self {
            DictViewKind::Keys => "keys",
            DictViewKind::Values => "values",
            DictViewKind::Items => "items",
        }
    }

    pub fn from_method(name: &str) -> Option<DictViewKind> {
        [DictViewKind::Keys, DictViewKind::Values, DictViewKind::Items].into_iter().find(|k| k.method() == name)
    }

    /// Whether `name` is a method of a dict that only reads it: `get` and the views.
    pub fn is_reading_method(name: &str) -> bool {
        name == "get" || DictViewKind::from_method(name).is_some()
    }

    /// What one step of iteration yields from a dict of `key` to `value`.
    pub fn item(self, key: &Type, value: &Type) -> Type {
        match self {
            DictViewKind::Keys => key.clone(),
            DictViewKind::Values => value.clone(),
            DictViewKind::Items => Type::Tuple(vec![key.clone(), value.clone()]),
        }
    }
}

/// The type of an instance of a plain user class: its class, and the attributes its
/// `__dict__` holds, sorted by name, each an `int64`, a `float64`, a `bool` or a list
/// native code takes. Two instances of one class with other attributes, or with another type in one
/// of them, are two types. The copy native code works on holds one word per field, in
/// this order (a list field is its copy's address). The dispatcher derives the type
/// at every call, and it is the guard: a class that gained a `__setattr__`, a property
/// or a slot, or an instance that gained an attribute, no longer has this type.
#[derive(Debug, Clone, PartialEq, Eq, Hash)]
pub struct ObjectType {
    /// The class's `__qualname__`, for messages and dumps.
    pub class_name: String,
    /// The class object's address: two classes of one name are two types.
    pub class_id: usize,
    pub fields: Vec<(String, Type)>,
}

impl ObjectType {
    /// The field `name`: its index in the copy and its type.
    pub fn field(&self, name: &str) -> Option<(usize, &Type)> {
        let at = self.fields.binary_search_by(|(field, _)| field.as_str().cmp(name)).ok()?;
        Some((at, &self.fields[at].1))
    }

    /// Whether native code takes a field of type `ty`: a scalar, or a list it takes.
    pub fn is_field(ty: &Type) -> bool {
        Self::is_scalar_field(ty) || matches!(ty, Type::List(item) if item.is_list_item())
    }

    /// A field held in its word itself: an `int64`, a `float64`, or a `bool` (0 or 1).
    pub fn is_scalar_field(ty: &Type) -> bool {
        ty.is_word_item() || *ty == Type::Bool
    }
}

impl Type {
    pub const INT64: Type = Type::Int { bits: 64, signed: true };
    pub const FLOAT64: Type = Type::Float { bits: 64 };
    pub const FLOAT32: Type = Type::Float { bits: 32 };

    /// Parses a type name as signatures spell it (`int64`, `float64`, `uint8`, `bool`...).
    pub fn parse(name: &str) -> Option<Type> {
        Some(match name.trim() {
            "bool" | "boolean" | "b1" => Type::Bool,
            "float64" | "f8" | "double" => Type::FLOAT64,
            "float32" | "f4" | "float" => Type::FLOAT32,
            "complex128" | "c16" => Type::Complex128,
            "none" | "void" => Type::NoneType,
            "int64" | "i8" | "intp" => Type::INT64,
            other => {
                let (signed, digits) = match other.strip_prefix("uint") {
                    Some(d) => (false, d),
                    None => (true, other.strip_prefix("int")?),
                };
                let bits: u8 = digits.parse().ok()?;
                if ![8, 16, 32, 64].contains(&bits) {
                    return None;
                }
                Type::Int { bits, signed }
            }
        })
    }

    pub fn is_number(&self) -> bool {
        matches!(self, Type::Bool | Type::Int { .. } | Type::Float { .. } | Type::Complex128)
    }

    /// A number that is not complex: a bool, an int or a float.
    pub fn is_real(&self) -> bool {
        self.is_number() && *self != Type::Complex128
    }

    pub fn is_integer(&self) -> bool {
        matches!(self, Type::Bool | Type::Int { .. })
    }

    /// Whether native code holds this type in registers (the region can compile).
    pub fn is_native(&self) -> bool {
        match self {
            Type::Tuple(items) => items.iter().all(Type::is_native),
            Type::IterPair(item) => item.is_native(),
            Type::List(item) | Type::ListIter(item) => item.is_list_item(),
            Type::Enumerate(inner) | Type::EnumerateIter(inner) => inner.is_native(),
            Type::Zip(inners) | Type::ZipIter(inners) => inners.iter().all(Type::is_native),
            Type::Slice(bounds) => bounds.iter().all(Type::is_slice_bound),
            Type::ByteArray => true,
            Type::Object(object) => object.fields.iter().all(|(_, ty)| ObjectType::is_field(ty)),
            Type::Dict(key, value) => Type::is_dict_entry(key, value),
            Type::Method(receiver, _) | Type::DictView(receiver, _) | Type::DictIter(receiver, _) => {
                receiver.is_native()
            }
            Type::Array { item, ndim, .. } => Type::is_array_item(item) && *ndim >= 1,
            Type::PyObject => false,
            _ => true,
        }
    }

    /// Whether native code takes a dict of `key` to `value`: `int64` keys (their copy
    /// writes back ints, so bools as keys stay interpreted) or `str` keys, and words as
    /// values.
    pub fn is_dict_entry(key: &Type, value: &Type) -> bool {
        key.is_dict_key() && value.is_word_item()
    }

    /// A dict key native code takes: an `int64` or a `str` (by its id: equal strings
    /// are one key, as in Python), or a tuple of one to [`MAX_TUPLE_KEY_LEN`] of them
    /// (by the address of its interned items, `pynum_runtime::tuple_keys`: equal tuples
    /// are one key). A bool stays out, at any depth: `(True, 1)` and `(1, 1)` are one
    /// key, but the dict keeps the first one's object, which a copy of words loses.
    pub fn is_dict_key(&self) -> bool {
        match self {
            Type::Tuple(items) => {
                (1..=MAX_TUPLE_KEY_LEN).contains(&items.len())
                    && items.iter().all(|item| matches!(*item, Type::INT64 | Type::Str))
            }
            other => matches!(*other, Type::INT64 | Type::Str),
        }
    }

    /// Whether a lookup with a `key` finds entries of a dict whose keys are `dict_key`:
    /// an int (or a bool, equal to 0 or 1) in a dict of ints, a str in a dict of strs,
    /// a tuple of exactly the dict's item types in a dict of tuples. Any other key is
    /// left to the interpreter (a `(True, 1)` or a shorter tuple key would need a
    /// conversion or could never be there).
    pub fn finds_key_of(key: &Type, dict_key: &Type) -> bool {
        match dict_key {
            Type::Str => *key == Type::Str,
            Type::Tuple(_) => key == dict_key,
            _ => key.is_integer(),
        }
    }

    /// A value a list holds in one word of its copy: an `int64`, a `float64`, or a
    /// `str` (its id in the call's table of strings).
    pub fn is_word_item(&self) -> bool {
        matches!(*self, Type::INT64 | Type::FLOAT64 | Type::Str)
    }

    /// Whether native code takes lists of this item type: words ([`Type::is_word_item`]),
    /// and, through a pointer to their own copy, lists of words (one level: a list of
    /// lists of lists stays interpreted), non-empty tuples of words and objects whose
    /// fields are scalars.
    pub fn is_list_item(&self) -> bool {
        match self {
            Type::List(inner) => inner.is_word_item(),
            Type::Object(object) => object.fields.iter().all(|(_, ty)| ObjectType::is_scalar_field(ty)),
            Type::Tuple(items) => !items.is_empty() && items.iter().all(Type::is_word_item),
            other => other.is_word_item(),
        }
    }

    /// What a slice's bound may be in native code: an int, a bool or `None`.
    pub fn is_slice_bound(&self) -> bool {
        matches!(*self, Type::INT64 | Type::Bool | Type::NoneType)
    }

    /// An item type of the NumPy arrays native code takes: one word, `int64` or `float64`.
    pub fn is_array_item(&self) -> bool {
        matches!(*self, Type::INT64 | Type::FLOAT64)
    }

    /// Whether a NumPy array is somewhere in this type (native code makes none, so it
    /// returns none either).
    pub fn contains_array(&self) -> bool {
        match self {
            Type::Array { .. } => true,
            Type::Tuple(items) => items.iter().any(Type::contains_array),
            _ => false,
        }
    }

    /// Whether native code is given a copy of the value, written back when it succeeds
    /// (reflection: a list, an object, a dict), or the value's own memory under its lock
    /// (a bytearray).
    pub fn is_reflected(&self) -> bool {
        matches!(self, Type::List(_) | Type::ByteArray | Type::Object(_) | Type::Dict(..))
    }

    /// Whether a list (or an object, reflected like one) is somewhere in this type
    /// (native code hands one back only when it is one of the arguments').
    pub fn contains_list(&self) -> bool {
        match self {
            reflected if reflected.is_reflected() => true,
            Type::Tuple(items) => items.iter().any(Type::contains_list),
            _ => false,
        }
    }

    /// Arithmetic's view of a bool: an int.
    pub fn arithmetic(&self) -> Type {
        match self {
            Type::Bool => Type::INT64,
            other => other.clone(),
        }
    }
}

/// The least type both unify to, or `None` when they conflict.
pub fn unify(a: &Type, b: &Type) -> Option<Type> {
    use Type::*;
    if a == b {
        return Some(a.clone());
    }
    Some(match (a, b) {
        (Bool, Int { .. }) | (Bool, Float { .. }) | (Bool, Complex128) => b.clone(),
        (Int { .. }, Bool) | (Float { .. }, Bool) | (Complex128, Bool) => a.clone(),
        (Int { bits: x, signed: sx }, Int { bits: y, signed: sy }) => {
            if sx == sy {
                Int { bits: (*x).max(*y), signed: *sx }
            } else {
                Type::INT64
            }
        }
        (Int { .. }, Float { .. }) | (Float { .. }, Int { .. }) => Type::FLOAT64,
        (Float { bits: x }, Float { bits: y }) => Float { bits: (*x).max(*y) },
        (Complex128, n) | (n, Complex128) if n.is_number() => Complex128,
        (Tuple(xs), Tuple(ys)) if xs.len() == ys.len() => {
            Tuple(xs.iter().zip(ys).map(|(x, y)| unify(x, y)).collect::<Option<_>>()?)
        }
        _ => return None,
    })
}

impl fmt::Display for Type {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Type::Bool => f.write_str("bool"),
            Type::Int { bits, signed: true } => write!(f, "int{bits}"),
            Type::Int { bits, signed: false } => write!(f, "uint{bits}"),
            Type::Float { bits } => write!(f, "float{bits}"),
            Type::Complex128 => f.write_str("complex128"),
            Type::NoneType => f.write_str("none"),
            Type::Str => f.write_str("str"),
            Type::Tuple(items) if !items.is_empty() && items.iter().all(|t| *t == items[0]) => {
                write!(f, "UniTuple({} x {})", items[0], items.len())
            }
            Type::Tuple(items) => {
                let names: Vec<String> = items.iter().map(Type::to_string).collect();
                write!(f, "Tuple({})", names.join(", "))
            }
            Type::RangeState => f.write_str("range_state64"),
            Type::RangeIter => f.write_str("range_iter64"),
            Type::IterPair(item) => write!(f, "pair<{item}, bool>"),
            Type::Builtin(name) => write!(f, "builtin({name})"),
            Type::Module(name) => write!(f, "module({name})"),
            Type::ModuleFunction(module, name) => write!(f, "function({module}.{name})"),
            Type::Function(name) => write!(f, "function({name})"),
            Type::NumberClass(number) => write!(f, "class({number})"),
            Type::List(item) => write!(f, "reflected list({item})"),
            Type::ByteArray => f.write_str("bytearray"),
            Type::ListIter(item) => write!(f, "list_iter({item})"),
            Type::Enumerate(inner) => write!(f, "enumerate({inner})"),
            Type::Slice(bounds) => {
                let names: Vec<String> = bounds.iter().map(Type::to_string).collect();
                write!(f, "slice({})", names.join(", "))
            }
            Type::EnumerateIter(inner) => write!(f, "enumerate_iter({inner})"),
            Type::Zip(inners) | Type::ZipIter(inners) => {
                let names: Vec<String> = inners.iter().map(Type::to_string).collect();
                let kind = if matches!(self, Type::Zip(_)) { "zip" } else { "zip_iter" };
                write!(f, "{kind}({})", names.join(", "))
            }
            Type::Object(object) => {
                let fields: Vec<String> = object.fields.iter().map(|(name, ty)| format!("{name}: {ty}")).collect();
                write!(f, "object({} {{{}}})", object.class_name, fields.join(", "))
            }
            Type::Dict(key, value) => write!(f, "reflected dict({key}, {value})"),
            Type::Method(receiver, name) => write!(f, "method({receiver}.{name})"),
            Type::DictView(dict, kind) => write!(f, "dict_{}({dict})", kind.method()),
            Type::DictIter(dict, kind) => write!(f, "dict_{}_iter({dict})", kind.method()),
            Type::Array { item, ndim, readonly } => {
                let prefix = if *readonly { "readonly " } else { "" };
                write!(f, "{prefix}array({item}, {ndim}d, A)")
            }
            Type::PyObject => f.write_str("pyobject"),
        }
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn promotion_table() {
        let i = Type::INT64;
        let f = Type::FLOAT64;
        assert_eq!(unify(&Type::Bool, &i), Some(i.clone()));
        assert_eq!(unify(&i, &f), Some(f.clone()));
        assert_eq!(unify(&Type::Bool, &f), Some(f.clone()));
        assert_eq!(unify(&Type::FLOAT32, &f), Some(f.clone()));
        assert_eq!(unify(&Type::parse("int32").unwrap(), &i), Some(i.clone()));
        assert_eq!(unify(&Type::parse("uint8").unwrap(), &Type::parse("int8").unwrap()), Some(i.clone()));
        assert_eq!(unify(&Type::parse("int32").unwrap(), &Type::FLOAT32), Some(f.clone()));
        assert_eq!(unify(&f, &Type::Complex128), Some(Type::Complex128));
        assert_eq!(unify(&i, &Type::Str), None);
        assert_eq!(unify(&i, &Type::NoneType), None);
        assert_eq!(
            unify(&Type::Tuple(vec![i.clone(), Type::Bool]), &Type::Tuple(vec![f.clone(), i.clone()])),
            Some(Type::Tuple(vec![f.clone(), i.clone()]))
        );
        assert_eq!(Type::Tuple(vec![i.clone(), i.clone()]).to_string(), "UniTuple(int64 x 2)");
        assert_eq!(Type::parse("uint16").unwrap().to_string(), "uint16");
        assert_eq!(Type::parse("int7"), None);
    }
}
