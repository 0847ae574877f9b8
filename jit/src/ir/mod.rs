//! The pynum IR: three-address code over named variables, in basic blocks that take
//! arguments. It knows nothing of rustpython, Cranelift, LLVM or PTX.
//!
//! Design, after Numba's IR:
//! - User variables keep their Python names and may be assigned many times; temporaries
//!   (`$<block>.<n>`) are assigned once. Type inference (a later stage) works on both.
//! - Values live on the interpreter's stack across a block boundary (a `for` loop's
//!   iterator, a conditional expression's result) become **block parameters**: the block
//!   header lists them and every jump passes arguments, as in Cranelift. We chose block
//!   arguments over phis because a jump then says exactly what flows where, and the
//!   printer and parser stay line-local.
//! - A block covered by an exception handler names it in its header
//!   (`block12 [unwind block40($12.0)]:`); the handler takes the stack it keeps as
//!   parameters and lists what the unwinder adds (`block40($40.0) [catch $40.1]:`).
//! - `del x` ends a variable's life; `liveness` inserts them after last uses.
//! - Every instruction carries its source line; the printer shows line changes.

pub(crate) mod parse;
pub(crate) mod print;
mod verify;

pub use parse::{parse_function, ParseError};
pub use verify::{block_uses, expr_uses, inst_uses, terminator_uses, verify};

use std::fmt;

/// A block's label: the bytecode offset it starts at, so dumps of every stage line up.
#[derive(Debug, Clone, Copy, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct BlockId(pub u32);

impl fmt::Display for BlockId {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "block{}", self.0)
    }
}

/// A variable: a Python local (`acc`) or a temporary (`$4.1`).
#[derive(Debug, Clone, PartialEq, Eq, PartialOrd, Ord, Hash)]
pub struct Var(pub String);

impl Var {
    pub fn temp(block: BlockId, index: usize) -> Var {
        Var(format!("${}.{index}", block.0))
    }
    pub fn is_temp(&self) -> bool {
        self.0.starts_with('$')
    }
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

/// A constant in pynum's own form.
#[derive(Debug, Clone, PartialEq)]
pub enum Const {
    None,
    Bool(bool),
    Int(i64),
    /// An integer outside `i64`, in decimal.
    BigInt(String),
    Float(f64),
    Complex(f64, f64),
    Str(String),
    /// A str with lone surrogates (`"\\ud800"`), which a Rust `String` cannot hold: kept
    /// out of native code, whose strs are compared by identity with exact constants.
    SurrogateStr,
    Bytes(Vec<u8>),
    Tuple(Vec<Const>),
    FrozenSet(Vec<Const>),
    Slice(Vec<Const>),
    /// A nested code object, by qualified name.
    Code(String),
    Ellipsis,
}

/// Binary operators, spelled as Python spells them.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum BinOp {
    Add,
    Sub,
    Mul,
    TrueDiv,
    FloorDiv,
    Mod,
    Pow,
    MatMul,
    LShift,
    RShift,
    And,
    Or,
    Xor,
}

impl BinOp {
    pub const ALL: [BinOp; 13] = [
        BinOp::Add,
        BinOp::Sub,
        BinOp::Mul,
        BinOp::TrueDiv,
        BinOp::FloorDiv,
        BinOp::Mod,
        BinOp::Pow,
        BinOp::MatMul,
        BinOp::LShift,
        BinOp::RShift,
        BinOp::And,
        BinOp::Or,
        BinOp::Xor,
    ];
    pub fn symbol(self) -> &'static str {
        match self {
            BinOp::Add => "+",
            BinOp::Sub => "-",
            BinOp::Mul => "*",
            BinOp::TrueDiv => "/",
            BinOp::FloorDiv => "//",
            BinOp::Mod => "%",
            BinOp::Pow => "**",
            BinOp::MatMul => "@",
            BinOp::LShift => "<<",
            BinOp::RShift => ">>",
            BinOp::And => "&",
            BinOp::Or => "|",
            BinOp::Xor => "^",
        }
    }
}

/// Comparison operators, `is`, `in` and their negations.
#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum CmpOp {
    Lt,
    Le,
    Eq,
    Ne,
    Gt,
    Ge,
    Is,
    IsNot,
    In,
    NotIn,
}

impl CmpOp {
    pub const ALL: [CmpOp; 10] = [
        CmpOp::Lt,
        CmpOp::Le,
        CmpOp::Eq,
        CmpOp::Ne,
        CmpOp::Gt,
        CmpOp::Ge,
        CmpOp::Is,
        CmpOp::IsNot,
        CmpOp::In,
        CmpOp::NotIn,
    ];
    pub fn symbol(self) -> &'static str {
        match self {
            CmpOp::Lt => "<",
            CmpOp::Le => "<=",
            CmpOp::Eq => "==",
            CmpOp::Ne => "!=",
            CmpOp::Gt => ">",
            CmpOp::Ge => ">=",
            CmpOp::Is => "is",
            CmpOp::IsNot => "is not",
            CmpOp::In => "in",
            CmpOp::NotIn => "not in",
        }
    }
}

#[derive(Debug, Clone, Copy, PartialEq, Eq, Hash)]
pub enum UnaryOp {
    Neg,
    Pos,
    Invert,
    Not,
}

impl UnaryOp {
    pub const ALL: [UnaryOp; 4] = [UnaryOp::Neg, UnaryOp::Pos, UnaryOp::Invert, UnaryOp::Not];
    pub fn keyword(self) -> &'static str {
        match self {
            UnaryOp::Neg => "neg",
            UnaryOp::Pos => "pos",
            UnaryOp::Invert => "invert",
            UnaryOp::Not => "not",
        }
    }
}

/// The right-hand side of an assignment.
#[derive(Debug, Clone, PartialEq)]
pub enum Expr {
    Var(Var),
    Const(Const),
    Global(String),
    /// A cell or free variable's content.
    Deref(String),
    /// A name looked up in the local mapping, then globals, then builtins (module and
    /// class bodies).
    Name(String),
    Binary {
        op: BinOp,
        lhs: Var,
        rhs: Var,
    },
    /// `lhs op= rhs`: may mutate `lhs` in place, as Python's `__iadd__` does.
    Inplace {
        op: BinOp,
        lhs: Var,
        rhs: Var,
    },
    Compare {
        op: CmpOp,
        lhs: Var,
        rhs: Var,
    },
    Unary {
        op: UnaryOp,
        operand: Var,
    },
    /// Python truthiness, `bool(x)`.
    Truth(Var),
    Call {
        func: Var,
        args: Vec<Var>,
        kwargs: Vec<(String, Var)>,
    },
    /// `f(*args, **kwargs)` with a tuple and an optional dict.
    CallEx {
        func: Var,
        args: Var,
        kwargs: Option<Var>,
    },
    GetAttr {
        obj: Var,
        attr: String,
    },
    GetItem {
        obj: Var,
        index: Var,
    },
    /// `obj[start:stop]` without building a slice object.
    GetSlice {
        obj: Var,
        start: Var,
        stop: Var,
    },
    /// Element `index` of a value known to hold at least `index + 1` items.
    StaticGetItem {
        obj: Var,
        index: usize,
    },
    BuildTuple(Vec<Var>),
    BuildList(Vec<Var>),
    BuildSet(Vec<Var>),
    BuildMap(Vec<(Var, Var)>),
    BuildSlice(Vec<Var>),
    /// String concatenation of formatted pieces (f-strings).
    BuildString(Vec<Var>),
    /// `format(value, spec)`, after an optional `!s`/`!r`/`!a` conversion.
    Format {
        value: Var,
        conversion: Option<char>,
        spec: Option<Var>,
    },
    GetIter(Var),
    /// A counted loop's iterator, `iter(range(start, stop, step))` after the
    /// `range_loop` rewrite.
    RangeIter {
        start: Var,
        stop: Var,
        step: Var,
    },
    /// Advances an iterator: a pair of the next value and whether there was one.
    IterNext(Var),
    PairFirst(Var),
    PairSecond(Var),
    /// A comprehension saving its variable's outer binding (`LOAD_FAST_AND_CLEAR`): the
    /// local's value, or "unbound" when it has none, which assigning the saved value
    /// back restores (no `UnboundLocalError` at the save).
    SavedLocal(Var),
    /// Materializes an iterable into exactly `count` items (tuple unpacking).
    ExhaustIter {
        value: Var,
        count: usize,
    },
    /// `*rest` unpacking: `before` items, a list, `after` items.
    UnpackEx {
        value: Var,
        before: usize,
        after: usize,
    },
    MakeFunction {
        code: Var,
        defaults: Option<Var>,
        kwdefaults: Option<Var>,
        closure: Option<Var>,
        annotations: Option<Var>,
    },
    Yield(Var),
    Import {
        name: String,
        fromlist: Var,
        level: Var,
    },
    ImportFrom {
        module: Var,
        name: String,
    },
    /// A runtime intrinsic with one argument, by its CPython name.
    Intrinsic {
        name: String,
        args: Vec<Var>,
    },
    /// Appending, adding or merging into a container built in place (comprehensions).
    ListAppend {
        list: Var,
        value: Var,
    },
    /// `xs.pop()` on a list the function grows in place (the `list_append` rewrite): its
    /// last item, removed.
    ListPop {
        list: Var,
    },
    /// `xs.insert(index, value)` on such a list.
    ListInsert {
        list: Var,
        index: Var,
        value: Var,
    },
    SetAdd {
        set: Var,
        value: Var,
    },
    MapAdd {
        map: Var,
        key: Var,
        value: Var,
    },
    ListExtend {
        list: Var,
        value: Var,
    },
    SetUpdate {
        set: Var,
        value: Var,
    },
    DictUpdate {
        map: Var,
        value: Var,
    },
    DictMerge {
        map: Var,
        value: Var,
    },
    /// The special method `__enter__`/`__exit__`... of a value (context managers).
    LoadSpecial {
        obj: Var,
        method: String,
    },
    BuildClass,
    /// The exception being handled, as `PUSH_EXC_INFO` saves it.
    ExcInfo(Var),
    /// Whether an exception matches a type (an `except T:` test).
    ExcMatch {
        exc: Var,
        ty: Var,
    },
    /// The `__exit__` call of a `with` block that an exception left.
    WithExceptStart {
        exit: Var,
        exc: Var,
    },
    /// Locals as a mapping (class bodies).
    Locals,
}

/// A statement: one line of a block.
#[derive(Debug, Clone, PartialEq)]
pub enum InstKind {
    Assign {
        target: Var,
        value: Expr,
    },
    SetAttr {
        obj: Var,
        attr: String,
        value: Var,
    },
    SetItem {
        obj: Var,
        index: Var,
        value: Var,
    },
    SetSlice {
        obj: Var,
        start: Var,
        stop: Var,
        value: Var,
    },
    DelAttr {
        obj: Var,
        attr: String,
    },
    DelItem {
        obj: Var,
        index: Var,
    },
    StoreGlobal {
        name: String,
        value: Var,
    },
    DelGlobal(String),
    StoreDeref {
        name: String,
        value: Var,
    },
    DelDeref(String),
    StoreName {
        name: String,
        value: Var,
    },
    DelName(String),
    /// Creates the cell of a cell variable, holding its current value.
    MakeCell(String),
    /// End of a variable's life (from liveness) or a Python `del`.
    Del(Var),
    /// Evaluates for side effects only (an expression statement).
    Discard(Expr),
    /// Restores the exception state saved by a handler's `ExcInfo`.
    PopExcept(Var),
    SetupAnnotations,
}

#[derive(Debug, Clone, PartialEq)]
pub struct Inst {
    pub kind: InstKind,
    pub line: u32,
}

/// A jump target with the values for the target's parameters.
#[derive(Debug, Clone, PartialEq)]
pub struct Edge {
    pub block: BlockId,
    pub args: Vec<Var>,
}

#[derive(Debug, Clone, PartialEq)]
pub enum Terminator {
    Jump(Edge),
    /// `cond` is any value; its Python truthiness decides.
    Branch {
        cond: Var,
        then: Edge,
        otherwise: Edge,
    },
    Return(Var),
    Raise {
        exc: Option<Var>,
        cause: Option<Var>,
    },
    /// `raise Exc(constants...)` with everything known at compile time, so native code
    /// can raise it without building Python objects first (the `static_raise` rewrite).
    StaticRaise {
        exc: String,
        args: Vec<Const>,
    },
    /// Re-raises the exception a handler received.
    Reraise(Var),
}

impl Terminator {
    pub fn edges(&self) -> Vec<&Edge> {
        match self {
            Terminator::Jump(e) => vec![e],
            Terminator::Branch { then, otherwise, .. } => vec![then, otherwise],
            _ => Vec::new(),
        }
    }
}

#[derive(Debug, Clone, PartialEq)]
pub struct Block {
    pub id: BlockId,
    pub params: Vec<Var>,
    /// For an exception handler: the values the unwinder supplies after the edge's
    /// arguments (the raising instruction's offset when the handler asks for it, then
    /// the exception). Empty for every other block.
    pub catch_params: Vec<Var>,
    /// Where an exception raised in this block goes, with the values it keeps.
    pub unwind: Option<Edge>,
    pub insts: Vec<Inst>,
    pub terminator: Terminator,
    pub terminator_line: u32,
}

impl Block {
    /// The blocks control may go to next: its terminator's edges, then its unwind edge.
    pub fn successors(&self) -> impl Iterator<Item = BlockId> + '_ {
        self.terminator.edges().into_iter().chain(self.unwind.iter()).map(|edge| edge.block)
    }
}

/// One Python code object in IR form.
#[derive(Debug, Clone, PartialEq)]
pub struct Function {
    pub qualname: String,
    pub filename: String,
    pub first_line: u32,
    pub params: Vec<String>,
    /// Cell and free variables. Read as `deref name`; the bare name means the cell
    /// itself (closures are built from cells), so liveness never deletes these.
    pub cells: Vec<String>,
    pub is_generator: bool,
    /// Blocks in a reverse post-order of the CFG; the first is the entry.
    pub blocks: Vec<Block>,
}

impl Function {
    pub fn block(&self, id: BlockId) -> Option<&Block> {
        // Blocks are almost always in offset order: a binary search, and any hit is the
        // block (ids are unique); a miss falls back to a scan for the odd order.
        match self.blocks.binary_search_by_key(&id, |b| b.id) {
            Ok(index) => Some(&self.blocks[index]),
            Err(_) => self.blocks.iter().find(|b| b.id == id),
        }
    }
}

impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print::write_function(f, self)
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print::write_block(f, self, &mut 0)
    }
}

impl fmt::Display for Const {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        print::write_const(f, self)
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    const SAMPLE: &str = "\
function f(n, xs) cells=c generator at sample.py:3
block0:
    # line 4
    $0.0 = const (1, 2.5, -0.0, inf, NaN, \"a\\\"b\\n😀\", b\"\\x00\\\\q\", None, True, Ellipsis, (7,), 123456789012345678901234567890)
    $0.1 = global range
    $0.2 = call($0.1, n, step=$0.0)
    $0.3 = getiter($0.2)
    jump block10($0.3)
block10($10.0) [unwind block30($10.0)]:
    # line 5
    $10.1 = iternext($10.0)
    $10.2 = pair_first($10.1)
    $10.3 = pair_second($10.1)
    branch $10.3, block20($10.0, $10.2), block28($10.0)
block20($20.0, $20.1):
    x = $20.1 is not n
    $20.2 = x not in xs
    $20.3 = x //= $20.2
    setitem(xs, $20.2, $20.3)
    discard list_append(xs, x)
    del x
    jump block10($20.0)
block28($28.0):
    return n
block30($30.0) [catch $30.1, $30.2]:
    reraise $30.2
";

    #[test]
    fn printed_ir_parses_back_to_the_same_text() {
        let func = parse_function(SAMPLE).expect("sample parses");
        assert_eq!(func.to_string(), SAMPLE);
        verify(&func).expect("sample verifies");
        assert_eq!(func.cells, vec!["c".to_owned()]);
        assert!(func.is_generator);
        assert_eq!(func.blocks.len(), 5);
    }

    #[test]
    fn constants_round_trip() {
        for text in [
            "-0.0",
            "1e300",
            "5e-324",
            "inf",
            "-inf",
            "NaN",
            "\"\\t\\0\"",
            "complex(1.0, -2.0)",
            "frozenset(1, 2)",
            "slice(None, 3, None)",
            "<code f.<locals>.<lambda>>",
            "-9223372036854775808",
            "-99999999999999999999",
        ] {
            let parsed = parse::parse_const(text).unwrap_or_else(|e| panic!("{text}: {e}"));
            assert_eq!(parsed.to_string(), text);
        }
    }

    #[test]
    fn verifier_rejects_wrong_edge_arity_and_double_temporaries() {
        let wrong_arity = SAMPLE.replace("jump block10($20.0)", "jump block10");
        let func = parse_function(&wrong_arity).unwrap();
        assert!(matches!(verify(&func), Err(crate::FrontendError::Verifier { block: 20, .. })));
        let twice = SAMPLE.replace("$10.3 = pair_second", "$10.2 = pair_second");
        let func = parse_function(&twice).unwrap();
        assert!(verify(&func).is_err());
        let jump_to_handler = SAMPLE.replace("return n", "jump block30($28.0)");
        assert!(verify(&parse_function(&jump_to_handler).unwrap()).is_err());
    }

    #[test]
    fn parse_errors_name_the_line() {
        let broken = SAMPLE.replace("$0.3 = getiter($0.2)", "$0.3 = frobnicate($0.2)");
        let err = parse_function(&broken).unwrap_err();
        assert_eq!(err.line, 7);
        assert!(err.message.contains("frobnicate"));
    }
}
