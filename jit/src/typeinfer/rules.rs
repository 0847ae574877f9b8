//! The typing rules: the type of each expression from the types of its operands, per
//! typing context. A rule answers `Ok(None)` while an operand is still unknown (the
//! fixpoint will come back), or an error naming what native code cannot do.

use crate::ir::{BinOp, CmpOp, Const, UnaryOp};
use crate::ops;
use crate::types::{unify, DictViewKind, Type};

/// Which machine the types are for; targets may differ in what they support.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Target {
    Cpu,
    Cuda,
}

/// The typing context of one target: its builtins, modules and operator rules.
#[derive(Debug, Clone, Copy)]
pub struct TypingContext {
    pub target: Target,
    /// Automatic mode: results must be Python's exactly, so a variable may not merge
    /// an int and a float (Python would keep printing the int), and `min`/`max` take
    /// arguments of one type. `@njit` code follows Numba and promotes.
    pub python_semantics: bool,
}

impl TypingContext {
    pub const CPU: TypingContext = TypingContext { target: Target::Cpu, python_semantics: false };
    pub const CPU_PYTHON: TypingContext = TypingContext { target: Target::Cpu, python_semantics: true };

    /// Whether values of `a` and `b` may meet in one variable.
    pub fn may_merge(&self, a: &Type, b: &Type) -> bool {
        !self.python_semantics || a == b || !(a.is_number() && b.is_number())
    }

    pub fn constant(&self, c: &Const) -> Result<Type, String> {
        Ok(match c {
            Const::None => Type::NoneType,
            Const::Bool(_) => Type::Bool,
            Const::Int(_) => Type::INT64,
            Const::BigInt(text) => return Err(format!("the integer {text} does not fit in 64 bits")),
            Const::Float(_) => Type::FLOAT64,
            Const::Complex(..) => Type::Complex128,
            Const::Str(_) => Type::Str,
            Const::SurrogateStr => return Err("a str with lone surrogates is not supported in native code".into()),
            Const::Tuple(items) => Type::Tuple(items.iter().map(|c| self.constant(c)).collect::<Result<_, _>>()?),
            Const::Slice(bounds) if bounds.len() == 3 => {
                let bounds: Vec<Type> = bounds.iter().map(|c| self.constant(c)).collect::<Result<_, _>>()?;
                if !bounds.iter().all(Type::is_slice_bound) {
                    return Err(format!("the constant {c} is not supported in native code"));
                }
                Type::Slice(bounds)
            }
            Const::Bytes(_) => return Err("bytes are not supported in native code".into()),
            Const::Code(name) => return Err(format!("defining function {name} inside a compiled function")),
            other => return Err(format!("the constant {other} is not supported in native code")),
        })
    }

    /// Whether a builtin name can be called from native code (see [`crate::ops`]).
    pub fn has_builtin(&self, name: &str) -> bool {
        ops::builtin_op(name).is_some()
    }

    pub fn has_module(&self, name: &str) -> bool {
        ops::is_native_module(name)
    }

    pub fn module_attribute(&self, module: &str, attr: &str) -> Result<Type, String> {
        let automatic = |op_module: ops::Module| !self.python_semantics || op_module.in_automatic_mode();
        if ops::module_constant(module, attr).is_some_and(|c| automatic(c.module)) {
            Ok(Type::FLOAT64)
        } else if ops::lookup(module, attr).is_some_and(|op| automatic(op.module)) {
            Ok(Type::ModuleFunction(module.into(), attr.into()))
        } else if let Some(number) = ops::number_class(module, attr).filter(|_| !self.python_semantics) {
            Ok(Type::NumberClass(Box::new(number)))
        } else {
            Err(format!("{module}.{attr} is not supported in native code"))
        }
    }

    pub fn module_call(&self, module: &str, name: &str, args: &[Type]) -> Result<Type, String> {
        ops::lookup(module, name).ok_or_else(|| format!("{module}.{name}"))?.result(self, args)
    }

    /// `np.float64(x)`, `np.int64(x)` of a real number.
    pub fn number_class_call(&self, number: &Type, args: &[Type]) -> Result<Type, String> {
        match args {
            [x] if x.is_real() => Ok(number.clone()),
            _ => Err(format!("{number}() with ({})", list(args))),
        }
    }

    pub fn builtin_call(&self, name: &str, args: &[Type]) -> Result<Type, String> {
        match ops::builtin_op(name) {
            Some(op) => op.result(self, args),
            None => Err(format!("{name}() with ({})", list(args))),
        }
    }

    pub fn binary(&self, op: BinOp, a: &Type, b: &Type) -> Result<Type, String> {
        let bad = || format!("unsupported operand types for {}: {a} and {b}", op.symbol());
        if let (Type::Tuple(x), Type::Tuple(y), BinOp::Add) = (a, b, op) {
            return Ok(Type::Tuple(x.iter().chain(y).cloned().collect()));
        }
        match (a, b, op) {
            (Type::List(item), n, BinOp::Mul) if n.is_integer() && item.is_word_item() => return Ok(a.clone()),
            (n, Type::List(item), BinOp::Mul) if n.is_integer() && item.is_word_item() => return Ok(b.clone()),
            _ => {}
        }
        if !a.is_number() || !b.is_number() {
            return match (a, b) {
                // A str is an id in the call's table of strings: native code compares
                // strings and looks them up, and makes none.
                (Type::Str, _) | (_, Type::Str) => {
                    Err(format!("{} on a str makes a new string, which only the interpreter does", op.symbol()))
                }
                _ => Err(bad()),
            };
        }
        // Numbers: the ops registry's entry says which kinds of operands the operator
        // takes natively (two bools, ints, floats), and the numeric tower which kind the
        // result is.
        let entry = ops::operator(op).ok_or_else(bad)?;
        if *a == Type::Bool && *b == Type::Bool && entry.bools.is_some() {
            return Ok(Type::Bool);
        }
        let joined = unify(&a.arithmetic(), &b.arithmetic()).ok_or_else(bad)?;
        let result = match joined {
            Type::Int { .. } if op == BinOp::TrueDiv => Type::FLOAT64,
            other => other,
        };
        entry.lowering_for(&result).map(|_| result).ok_or_else(bad)
    }

    /// `a += x` on an array (or a view: `m[i] /= x`) with a scalar: every item changed in
    /// place, as NumPy does, so the item type must hold the result (`/=` on an int array
    /// is NumPy's casting error, and stays interpreted).
    pub fn array_inplace(&self, op: BinOp, array: &Type, scalar: &Type) -> Result<Type, String> {
        let bad = || format!("unsupported operand types for {}=: {array} and {scalar} in native code", op.symbol());
        let Type::Array { item, readonly: false, .. } = array else { return Err(bad()) };
        if self.python_semantics || !scalar.is_number() || *scalar == Type::Complex128 {
            return Err(bad());
        }
        let fits = match **item {
            Type::FLOAT64 => matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul | BinOp::TrueDiv),
            _ => scalar.is_integer() && matches!(op, BinOp::Add | BinOp::Sub | BinOp::Mul),
        };
        if fits {
            Ok(array.clone())
        } else {
            Err(bad())
        }
    }

    /// `[a, b, ...]`: a list native code makes (items of one scalar type).
    pub fn build_list(&self, items: &[Type]) -> Result<Type, String> {
        let bad = || format!("a list of ({}) in native code", list(items));
        let item = if self.python_semantics {
            items.iter().all(|t| *t == items[0]).then(|| items[0].clone()).ok_or_else(bad)?
        } else {
            items
                .iter()
                .skip(1)
                .try_fold(items[0].arithmetic(), |acc, t| unify(&acc, &t.arithmetic()))
                .ok_or_else(bad)?
        };
        match item {
            Type::INT64 | Type::FLOAT64 => Ok(Type::List(Box::new(item))),
            _ => Err(bad()),
        }
    }

    /// `obj[index]`.
    pub fn getitem(&self, obj: &Type, index: &Type) -> Result<Type, String> {
        if let Type::Array { item, ndim, readonly } = obj {
            return match array_indices(index) {
                Some(k) if !self.python_semantics && k == *ndim as usize => Ok((**item).clone()),
                // Fewer indices than axes: a view of the remaining ones.
                Some(k) if !self.python_semantics && k < *ndim as usize => {
                    Ok(Type::Array { item: item.clone(), ndim: ndim - k as u8, readonly: *readonly })
                }
                _ => Err(format!("indexing a {obj} with {index} in native code")),
            };
        }
        match obj {
            Type::List(item) if index.is_integer() => Ok((**item).clone()),
            // `xs[a:b:c]`: a new list of the same items (one word each: a list it copied
            // pointers of would be handed back to the interpreter as a new list of lists).
            Type::List(item) if self.python_semantics && item.is_word_item() && index.is_native() => match index {
                Type::Slice(_) => Ok(obj.clone()),
                _ => Err(format!("indexing a {obj} with {index} in native code")),
            },
            Type::ByteArray if index.is_integer() => Ok(Type::INT64),
            // A missing key deoptimizes: the interpreter raises the `KeyError`.
            Type::Dict(key, value) if self.python_semantics && Type::finds_key_of(index, key) => Ok((**value).clone()),
            // Any index into a tuple of one type of scalars (a literal index into any
            // tuple is typed by `typeinfer`, which sees the literal).
            Type::Tuple(items)
                if index.is_integer() && !items.is_empty() && items.iter().all(|t| *t == items[0] && t.is_number()) =>
            {
                Ok(items[0].clone())
            }
            _ => Err(format!("indexing a {obj} with {index} in native code")),
        }
    }

    /// `obj[index] = value`. Under Python's semantics the value must have the list's
    /// item type exactly (a float stored into a list of ints stays a float in Python).
    /// Only words are stored: an item that is a list or tuple is a pointer to a copy,
    /// which reflection cannot write back into the interpreter's list.
    pub fn setitem(&self, obj: &Type, index: &Type, value: &Type) -> Result<(), String> {
        if let Type::Array { item, ndim, readonly } = obj {
            // Numba's casts: a float stored into an int array is truncated.
            let item_value = value.is_real();
            let view_value = |k: usize| match value {
                // `m[i] op= x` stores the row it changed in place back into itself (the
                // lowering compiles only that store of an array), or all of a view's
                // items set to one scalar (`m[i] = 0.0`).
                Type::Array { item: from, ndim: n, .. } => *n as usize == *ndim as usize - k && from == item,
                _ => item_value,
            };
            return match array_indices(index) {
                Some(_) if *readonly => Err(format!("storing into a {obj}: it is not writeable")),
                Some(k) if !self.python_semantics && k == *ndim as usize && item_value => Ok(()),
                Some(k) if !self.python_semantics && k < *ndim as usize && view_value(k) => Ok(()),
                _ => Err(format!("storing a {value} into a {obj} with {index} in native code")),
            };
        }
        match obj {
            Type::List(item) if index.is_integer() && item.is_word_item() => {
                let fits = if self.python_semantics {
                    **item == *value
                } else {
                    value.is_number() && unify(item, value).as_ref() == Some(&**item)
                };
                if fits {
                    Ok(())
                } else {
                    Err(format!("storing a {value} into a {obj}"))
                }
            }
            // Out of 0..=255: ValueError under @njit, a deoptimization in automatic mode.
            Type::ByteArray if index.is_integer() && value.is_integer() => Ok(()),
            // A new key is an int object in the dict, so the key must be an int (a bool
            // would be the key `True`), and the value of the dict's value type exactly.
            Type::Dict(key, item) if self.python_semantics => {
                if index != &**key {
                    Err(format!("storing into a {obj} with a {index} key"))
                } else if value != &**item {
                    Err(format!("storing a {value} into a {obj}"))
                } else {
                    Ok(())
                }
            }
            _ => Err(format!("storing into a {obj} with {index} in native code")),
        }
    }

    /// `obj.attr` on an instance of a plain class: one of the fields its `__dict__`
    /// holds. Automatic mode only: Numba types no instances of plain classes.
    pub fn getattr(&self, obj: &Type, attr: &str) -> Result<Type, String> {
        match obj {
            Type::Object(object) if self.python_semantics => match object.field(attr) {
                Some((_, ty)) => Ok(ty.clone()),
                None => Err(format!("`.{attr}` of a {} instance is not a field of its `__dict__`", object.class_name)),
            },
            Type::Dict(..) if self.python_semantics && (attr == "get" || DictViewKind::from_method(attr).is_some()) => {
                Ok(Type::Method(Box::new(obj.clone()), attr.to_owned()))
            }
            Type::Array { ndim, .. } if !self.python_semantics => match attr {
                "shape" | "strides" => Ok(Type::Tuple(vec![Type::INT64; *ndim as usize])),
                "size" | "ndim" | "itemsize" => Ok(Type::INT64),
                _ => Err(format!("attribute `.{attr}` of {obj} in native code")),
            },
            other => Err(format!("attribute `.{attr}` of {other}")),
        }
    }

    /// `receiver.name(args)`: a dict's `get(key, default)` (a default of the values' type:
    /// the result is one type either way) and its views.
    pub fn method_call(&self, receiver: &Type, name: &str, args: &[Type]) -> Result<Type, String> {
        match (receiver, name, args) {
            (Type::Dict(dict_key, value), "get", [key, default])
                if Type::finds_key_of(key, dict_key) && default == &**value =>
            {
                Ok((**value).clone())
            }
            (Type::Dict(dict_key, _), "get", [key, _]) if !Type::finds_key_of(key, dict_key) => {
                Err(format!("looking up a {key} key in a {receiver}"))
            }
            (Type::Dict(_, value), "get", [_, default]) => {
                Err(format!("{receiver}.get() with a {default} default, not a {value}"))
            }
            (Type::Dict(..), "get", [_]) => Err(format!("{receiver}.get() without a default may give None")),
            (Type::Dict(..), view, []) if DictViewKind::from_method(view).is_some() => {
                Ok(Type::DictView(Box::new(receiver.clone()), DictViewKind::from_method(view).expect("matched above")))
            }
            _ => Err(format!("calling {receiver}.{name}() with ({}) in native code", list(args))),
        }
    }

    /// `obj.attr = value` on an instance of a plain class: an existing field, given a
    /// value of its type exactly (a float stored into an int field stays a float in
    /// Python, and a new attribute would change the instance's type). Only words: a list
    /// field is a pointer to a copy, which reflection cannot rebind.
    pub fn setattr(&self, obj: &Type, attr: &str, value: &Type) -> Result<(), String> {
        match obj {
            Type::Object(object) if self.python_semantics => match object.field(attr) {
                Some((_, ty)) if crate::types::ObjectType::is_scalar_field(ty) && ty == value => Ok(()),
                Some((_, ty)) => Err(format!("storing a {value} into the {ty} field `.{attr}`")),
                None => Err(format!("adding the attribute `.{attr}` to a {} instance", object.class_name)),
            },
            other => Err(format!("setting attribute `.{attr}` of {other} in native code")),
        }
    }

    pub fn compare(&self, op: CmpOp, a: &Type, b: &Type) -> Result<Type, String> {
        match op {
            CmpOp::Is | CmpOp::IsNot => self.identity(a, b).map(|_| Type::Bool),
            CmpOp::In | CmpOp::NotIn
                if self.python_semantics && matches!(b, Type::Dict(key, _) if Type::finds_key_of(a, key)) =>
            {
                Ok(Type::Bool)
            }
            CmpOp::In | CmpOp::NotIn if self.python_semantics && matches!(b, Type::Dict(..)) => {
                Err(format!("looking up a {a} key in a {b}"))
            }
            // `x in xs`: `==` with each item (a number among numbers, a str among strs).
            CmpOp::In | CmpOp::NotIn
                if self.python_semantics
                    && matches!(b, Type::List(item) if item.is_word_item()
                        && ((a.is_real() && item.is_real()) || (*a == Type::Str && **item == Type::Str))) =>
            {
                Ok(Type::Bool)
            }
            CmpOp::In | CmpOp::NotIn => Err(format!("`{}` needs a container, here {b}", op.symbol())),
            _ if matches!((a, b), (Type::Tuple(_), Type::Tuple(_))) => self.tuple_comparison(op, a, b),
            _ if a.is_number() && b.is_number() => {
                if (a == &Type::Complex128 || b == &Type::Complex128) && !matches!(op, CmpOp::Eq | CmpOp::Ne) {
                    Err(format!("complex numbers have no order ({})", op.symbol()))
                } else {
                    Ok(Type::Bool)
                }
            }
            CmpOp::Eq | CmpOp::Ne if a == b => Ok(Type::Bool),
            _ => Err(format!("comparing {a} {} {b}", op.symbol())),
        }
    }

    /// `a < b` and the other comparisons of two tuples, item by item as Python does
    /// (the first unequal pair decides, else the lengths): tuples of ints, floats and
    /// bools, and strs where only equality is asked (ordering strs reads their text).
    fn tuple_comparison(&self, op: CmpOp, a: &Type, b: &Type) -> Result<Type, String> {
        let (Type::Tuple(xs), Type::Tuple(ys)) = (a, b) else {
            return Err(format!("comparing {a} {} {b}", op.symbol()));
        };
        let equality = matches!(op, CmpOp::Eq | CmpOp::Ne);
        let comparable =
            |x: &Type, y: &Type| (x.is_real() && y.is_real()) || (equality && *x == Type::Str && *y == Type::Str);
        // Items past the shorter tuple are never compared, but native code holds them.
        let held = |t: &Type| t.is_real() || *t == Type::Str;
        if xs.iter().zip(ys).all(|(x, y)| comparable(x, y)) && xs.iter().chain(ys).all(held) {
            Ok(Type::Bool)
        } else {
            Err(format!("comparing {a} {} {b}", op.symbol()))
        }
    }

    /// How `a is b` is decided in native code, which holds values, not objects. Under
    /// Python's semantics only what the values settle is answered: `None`, `True` and
    /// `False` are singletons, and objects of different types are never the same object;
    /// two ints or two floats may or may not be one object (CPython caches small ints,
    /// reuses constants), so that stays with the interpreter. `@njit` follows Numba's
    /// `generic_is`: different types are never identical, equal immutable values are.
    pub fn identity(&self, a: &Type, b: &Type) -> Result<Identity, String> {
        if *a == Type::NoneType || *b == Type::NoneType {
            return Ok(Identity::Known(a == b));
        }
        let scalar = |t: &Type| t.is_number();
        if scalar(a) && scalar(b) && std::mem::discriminant(a) != std::mem::discriminant(b) {
            return Ok(Identity::Known(false));
        }
        match (a, b) {
            (Type::Bool, Type::Bool) => Ok(Identity::SameValue),
            _ if !self.python_semantics && a == b && scalar(a) => Ok(Identity::SameValue),
            _ => Err(format!("`is` between a {a} and a {b} needs their objects")),
        }
    }

    pub fn unary(&self, op: UnaryOp, a: &Type) -> Result<Type, String> {
        match op {
            UnaryOp::Not => self.truth(a),
            UnaryOp::Neg | UnaryOp::Pos if a.is_number() => Ok(a.arithmetic()),
            UnaryOp::Invert if a.is_integer() => Ok(a.arithmetic()),
            _ => Err(format!("unary {} of {a}", op.keyword())),
        }
    }

    pub fn truth(&self, a: &Type) -> Result<Type, String> {
        // A list is true when it has items (`while stack:`).
        if a.is_number() || *a == Type::NoneType || matches!(a, Type::List(_)) {
            Ok(Type::Bool)
        } else {
            Err(format!("the truth value of {a} in native code"))
        }
    }
}

/// One operation native code may perform on scalars, as the typing rules see it.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Operation {
    Binary(BinOp),
    /// `a op= b` (typed as `a op b`, lowered on its own path).
    Inplace(BinOp),
    Compare(CmpOp),
    Unary(UnaryOp),
    /// Truthiness where a condition needs it (`if a`).
    Truth,
    Builtin(&'static str),
    Math(&'static str),
}

impl Operation {
    /// The expression applying the operation to `operands` (Python source), or for
    /// [`Operation::Inplace`] the statement `a op= b`.
    pub fn python(&self, operands: &[&str]) -> String {
        let (a, b) = (operands.first().copied().unwrap_or(""), operands.get(1).copied().unwrap_or(""));
        match self {
            Operation::Binary(op) => format!("{a} {} {b}", op.symbol()),
            Operation::Inplace(op) => format!("{a} {}= {b}", op.symbol()),
            Operation::Compare(op) => format!("{a} {} {b}", op.symbol()),
            Operation::Unary(UnaryOp::Neg) => format!("-{a}"),
            Operation::Unary(UnaryOp::Pos) => format!("+{a}"),
            Operation::Unary(UnaryOp::Invert) => format!("~{a}"),
            Operation::Unary(UnaryOp::Not) => format!("not {a}"),
            Operation::Truth => format!("True if {a} else False"),
            Operation::Builtin(name) => format!("{name}({})", operands.join(", ")),
            Operation::Math(name) => format!("math.{name}({})", operands.join(", ")),
        }
    }

    /// A short name: `binary **`, `math.log`.
    pub fn name(&self) -> String {
        match self {
            Operation::Binary(op) => format!("binary {}", op.symbol()),
            Operation::Inplace(op) => format!("inplace {}=", op.symbol()),
            Operation::Compare(op) => format!("compare {}", op.symbol()),
            Operation::Unary(op) => format!("unary {}", op.keyword()),
            Operation::Truth => "truth".to_owned(),
            Operation::Builtin(name) => format!("builtin {name}"),
            Operation::Math(name) => format!("math.{name}"),
        }
    }
}

/// An operation with every signature over `bool`, `int64` and `float64` that its typing
/// rule accepts, and the result type of each.
#[derive(Debug, Clone)]
pub struct SupportedOperation {
    pub operation: Operation,
    pub signatures: Vec<(Vec<Type>, Type)>,
}

/// The scalar argument types [`TypingContext::supported_operations`] tries.
pub const SCALAR_TYPES: [Type; 3] = [Type::Bool, Type::INT64, Type::FLOAT64];

impl TypingContext {
    /// Every operation native code supports on `bool`, `int64` and `float64` values, read
    /// off the typing rules themselves (operators, builtins, the `math` table): a new rule
    /// or table entry appears here, and in the tests driven by this list, by itself.
    pub fn supported_operations(&self) -> Vec<SupportedOperation> {
        let mut operations: Vec<(Operation, Vec<usize>)> = Vec::new();
        for op in BinOp::ALL {
            operations.push((Operation::Binary(op), vec![2]));
            operations.push((Operation::Inplace(op), vec![2]));
        }
        operations.extend(CmpOp::ALL.map(|op| (Operation::Compare(op), vec![2])));
        operations.extend(UnaryOp::ALL.map(|op| (Operation::Unary(op), vec![1])));
        operations.push((Operation::Truth, vec![1]));
        // The ops registry's builtins and `math` functions, each at the argument counts
        // (up to three) its entry takes.
        for op in ops::OPS {
            let counts: Vec<usize> = (1..=3).filter(|n| op.arity.contains(n)).collect();
            match op.module {
                ops::Module::Builtins => operations.push((Operation::Builtin(op.name), counts)),
                ops::Module::Math => operations.push((Operation::Math(op.name), counts)),
                // `@njit` only, and answered with NumPy scalars by the interpreter: the
                // `@njit` differential programs (`tests/numba`) check these.
                ops::Module::Numpy => {}
            }
        }
        operations
            .into_iter()
            .filter_map(|(operation, arities)| {
                let signatures: Vec<(Vec<Type>, Type)> = arities
                    .into_iter()
                    .flat_map(scalar_signatures)
                    .filter_map(|args| self.operation(operation, &args).ok().map(|result| (args, result)))
                    .collect();
                (!signatures.is_empty()).then_some(SupportedOperation { operation, signatures })
            })
            .collect()
    }

    /// The result type of `operation` on `args`, by the rule the type inference applies.
    pub fn operation(&self, operation: Operation, args: &[Type]) -> Result<Type, String> {
        match (operation, args) {
            (Operation::Binary(op), [a, b]) => self.binary(op, a, b),
            // The target is a variable: it may hold the result only if it may merge with
            // what it held (`a += 0.5` on an int is Python's float, an int's in native code).
            (Operation::Inplace(op), [a, b]) => self.binary(op, a, b).and_then(|result| {
                if self.may_merge(a, &result) {
                    Ok(result)
                } else {
                    Err(format!("{a} {}= {b} makes a {result}", op.symbol()))
                }
            }),
            (Operation::Compare(op), [a, b]) => self.compare(op, a, b),
            (Operation::Unary(op), [a]) => self.unary(op, a),
            (Operation::Truth, [a]) => self.truth(a),
            (Operation::Builtin(name), _) => self.builtin_call(name, args),
            (Operation::Math(name), _) => self.module_call("math", name, args),
            _ => Err(format!("{} with {} operands", operation.name(), args.len())),
        }
    }
}

/// Every tuple of `n` scalar types.
fn scalar_signatures(n: usize) -> Vec<Vec<Type>> {
    (0..n).fold(vec![Vec::new()], |prefixes, _| {
        prefixes
            .into_iter()
            .flat_map(|p| SCALAR_TYPES.iter().map(move |t| [p.clone(), vec![t.clone()]].concat()))
            .collect()
    })
}

/// What `a is b` comes to for values of two types (see [`TypingContext::identity`]).
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Identity {
    /// Decided by the types alone.
    Known(bool),
    /// Identical exactly when the values are equal.
    SameValue,
}

fn list(types: &[Type]) -> String {
    types.iter().map(Type::to_string).collect::<Vec<_>>().join(", ")
}

/// How many axes an index of a NumPy array picks: 1 for an int, `k` for a tuple of `k`
/// ints; `None` for anything else (slices, arrays, a tuple with those).
fn array_indices(index: &Type) -> Option<usize> {
    // A bool is no index here: NumPy reads `a[True]` as a mask, Numba refuses it.
    let is_index = |t: &Type| t.is_integer() && *t != Type::Bool;
    match index {
        i if is_index(i) => Some(1),
        Type::Tuple(items) if !items.is_empty() && items.iter().all(is_index) => Some(items.len()),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn dicts_are_typed_under_python_semantics_only() {
        let py = TypingContext::CPU_PYTHON;
        let ints = Type::Dict(Box::new(Type::INT64), Box::new(Type::INT64));
        let floats = Type::Dict(Box::new(Type::INT64), Box::new(Type::FLOAT64));
        assert_eq!(py.getitem(&floats, &Type::Bool), Ok(Type::FLOAT64), "d[True] finds the key 1");
        assert!(TypingContext::CPU.getitem(&floats, &Type::INT64).is_err(), "@njit types no Python dict");
        assert!(py.setitem(&ints, &Type::INT64, &Type::INT64).is_ok());
        assert!(py.setitem(&ints, &Type::Bool, &Type::INT64).is_err(), "a new key would be True");
        assert!(py.setitem(&ints, &Type::INT64, &Type::FLOAT64).is_err(), "the value stays a float in Python");
        assert_eq!(py.compare(CmpOp::NotIn, &Type::INT64, &ints), Ok(Type::Bool));
        assert!(py.compare(CmpOp::In, &Type::FLOAT64, &ints).is_err());
        let get = py.getattr(&ints, "get").expect("a dict's get");
        let Type::Method(receiver, _) = &get else { panic!("{get}") };
        assert_eq!(py.method_call(receiver, "get", &[Type::INT64, Type::INT64]), Ok(Type::INT64));
        let float_key = py.method_call(receiver, "get", &[Type::FLOAT64, Type::INT64]).unwrap_err();
        assert!(float_key.contains("float64 key"), "{float_key}");
        assert!(py.method_call(receiver, "get", &[Type::INT64, Type::FLOAT64]).is_err());
        assert!(py.method_call(receiver, "get", &[Type::INT64]).is_err(), "get(k) may give None");
        assert_eq!(py.method_call(receiver, "items", &[]), Ok(Type::DictView(receiver.clone(), DictViewKind::Items)));
        assert!(py.getattr(&ints, "pop").is_err());
    }

    #[test]
    fn strs_are_compared_and_looked_up_but_never_made() {
        let py = TypingContext::CPU_PYTHON;
        let by_name = Type::Dict(Box::new(Type::Str), Box::new(Type::FLOAT64));
        let ints = Type::Dict(Box::new(Type::INT64), Box::new(Type::INT64));
        assert_eq!(py.getitem(&by_name, &Type::Str), Ok(Type::FLOAT64));
        assert!(py.getitem(&by_name, &Type::INT64).is_err(), "an int never finds a str key");
        assert!(py.getitem(&ints, &Type::Str).is_err(), "a str never finds an int key");
        assert!(py.setitem(&by_name, &Type::Str, &Type::FLOAT64).is_ok());
        assert_eq!(py.compare(CmpOp::In, &Type::Str, &by_name), Ok(Type::Bool));
        let wrong_key = py.compare(CmpOp::In, &Type::Str, &ints).unwrap_err();
        assert!(wrong_key.contains("str key"), "{wrong_key}");
        assert_eq!(py.compare(CmpOp::Eq, &Type::Str, &Type::Str), Ok(Type::Bool));
        assert!(py.compare(CmpOp::Lt, &Type::Str, &Type::Str).is_err(), "ordering reads the text");
        assert!(py.binary(BinOp::Add, &Type::Str, &Type::Str).is_err(), "native code makes no string");
        assert!(py.binary(BinOp::Mul, &Type::Str, &Type::INT64).is_err());
        assert!(py.truth(&Type::Str).is_err(), "a str's truth is its length");
        assert!(Type::is_dict_entry(&Type::Str, &Type::Str));
        assert!(!Type::is_dict_entry(&Type::FLOAT64, &Type::INT64));
    }

    #[test]
    fn tuple_keys_find_only_tuples_of_their_own_item_types() {
        let py = TypingContext::CPU_PYTHON;
        let pair = Type::Tuple(vec![Type::INT64, Type::INT64]);
        let grid = Type::Dict(Box::new(pair.clone()), Box::new(Type::FLOAT64));
        assert_eq!(py.getitem(&grid, &pair), Ok(Type::FLOAT64));
        assert!(py.setitem(&grid, &pair, &Type::FLOAT64).is_ok());
        assert_eq!(py.compare(CmpOp::In, &pair, &grid), Ok(Type::Bool));
        assert_eq!(py.method_call(&grid, "get", &[pair.clone(), Type::FLOAT64]), Ok(Type::FLOAT64));
        // `(True, 1)` equals `(1, 1)`, so it would be found: left to the interpreter.
        let with_bool = Type::Tuple(vec![Type::Bool, Type::INT64]);
        assert!(py.getitem(&grid, &with_bool).is_err());
        assert!(py.compare(CmpOp::In, &Type::Tuple(vec![Type::INT64]), &grid).is_err());
        assert!(py.getitem(&grid, &Type::INT64).is_err());
        assert!(Type::is_dict_entry(&Type::Tuple(vec![Type::Str, Type::INT64]), &Type::INT64));
        assert!(!Type::Tuple(vec![]).is_dict_key(), "no helper makes an empty key");
        assert!(!with_bool.is_dict_key());
        assert!(!Type::Tuple(vec![Type::FLOAT64]).is_dict_key(), "1.0 and 1 are one key");
        assert!(!Type::Tuple(vec![Type::INT64; crate::types::MAX_TUPLE_KEY_LEN + 1]).is_dict_key());
        assert!(Type::Tuple(vec![Type::INT64; crate::types::MAX_TUPLE_KEY_LEN]).is_dict_key());
        for len in 1..=crate::types::MAX_TUPLE_KEY_LEN {
            assert!(pynum_runtime::tuple_keys::helper_for(len, true).is_some(), "a helper for {len} items");
            assert!(pynum_runtime::tuple_keys::helper_for(len, false).is_some(), "a lookup for {len} items");
        }
    }

    #[test]
    fn tuples_compare_item_by_item_when_every_pair_does() {
        let py = TypingContext::CPU_PYTHON;
        let pair = Type::Tuple(vec![Type::INT64, Type::FLOAT64]);
        let triple = Type::Tuple(vec![Type::Bool, Type::INT64, Type::INT64]);
        for op in [CmpOp::Lt, CmpOp::Le, CmpOp::Eq, CmpOp::Ne, CmpOp::Gt, CmpOp::Ge] {
            assert_eq!(py.compare(op, &pair, &triple), Ok(Type::Bool), "{op:?}");
        }
        let named = Type::Tuple(vec![Type::Str, Type::INT64]);
        assert_eq!(py.compare(CmpOp::Eq, &named, &named), Ok(Type::Bool));
        assert!(py.compare(CmpOp::Lt, &named, &named).is_err(), "ordering strs reads their text");
        assert!(py.compare(CmpOp::Eq, &named, &pair).is_err(), "a str against an int");
        let nested = Type::Tuple(vec![pair.clone(), Type::INT64]);
        assert!(py.compare(CmpOp::Eq, &nested, &nested).is_err());
        let complex = Type::Tuple(vec![Type::Complex128]);
        assert!(py.compare(CmpOp::Eq, &complex, &complex).is_err());
    }

    #[test]
    fn supported_operations_come_from_the_rules() {
        let ops = TypingContext::CPU_PYTHON.supported_operations();
        let find = |op: Operation| ops.iter().find(|s| s.operation == op);
        let add = find(Operation::Binary(BinOp::Add)).expect("+ is supported");
        assert_eq!(add.signatures.len(), 9, "every pair of bool, int64, float64");
        assert!(add.signatures.contains(&(vec![Type::Bool, Type::Bool], Type::INT64)));
        assert!(find(Operation::Binary(BinOp::MatMul)).is_none(), "@ has no numeric rule");
        assert!(find(Operation::Compare(CmpOp::In)).is_none());
        let shift = find(Operation::Binary(BinOp::LShift)).unwrap();
        assert!(shift.signatures.iter().all(|(args, _)| args.iter().all(Type::is_integer)));
        let round = find(Operation::Builtin("round")).unwrap();
        assert!(
            round.signatures.iter().any(|(args, _)| args.len() == 2)
                && round.signatures.iter().any(|(args, _)| args.len() == 1)
        );
        for op in ops::OPS.iter().filter(|op| op.module == ops::Module::Math) {
            assert!(find(Operation::Math(op.name)).is_some(), "math.{}", op.name);
        }
        assert_eq!(Operation::Inplace(BinOp::FloorDiv).python(&["a", "b"]), "a //= b");
        assert_eq!(Operation::Math("log").python(&["a", "b"]), "math.log(a, b)");
    }
}
