//! Arithmetic on numbers written in the source, folded with CPython 3.11's answers before
//! rustpython's code generator sees it. rustpython-codegen 0.6 folds a binary operation on
//! two constants with arithmetic of its own (`4.0 // 2.0` is `0.0`, `2 ** -1074` is
//! `0.0`, int true division goes through `f64`, complex powers through `num-complex`),
//! while the same operations at run time use the number slots pynum fixed
//! (`cpython_fidelity.rs`). This pass computes each constant operation with the VM's own
//! number protocol and puts a literal holding the exact result in its place, so the code
//! generator has nothing of its own left to fold there.
//!
//! What is folded follows CPython 3.11's AST optimizer: a binary operation whose operands
//! are numbers (literals, `True`/`False`, `+`/`-`/`~` of numbers, folded operations),
//! except an operation that raises (it raises at run time, as in CPython) and int results
//! beyond CPython's size limits (`MAX_INT_SIZE`, 128 bits, for `*`, `**` and `<<`). Only
//! results rustpython may get wrong are written back as literals: not ints (it folds int
//! arithmetic exactly), not `+ - * /` on floats and small ints (IEEE arithmetic, as
//! CPython's), and not NaNs (a NaN literal would be one more constant that is not equal
//! to itself); enclosing operations still fold from the exact values. Annotations are left as written under `from __future__ import annotations`
//! (they become strings of the source), and so are `match` patterns (their literals are
//! the only numbers the grammar lets a pattern hold).
//!
//! The paths that compile source (see `ARCHITECTURE.md`): automatic mode folds the AST it
//! already parses (`automatic::compile_automatic`); the builtin `compile` (`lazy_ast.rs`) and
//! `exec`/`eval` of source (here) let rustpython compile first, then parse once more only
//! when the code holds a float or complex constant (where a wrong fold can hide).
//!
//! Assumes rustpython-codegen turns `Number::Float`/`Number::Complex` literals into
//! constants as they are (negative, infinite and signed-zero values included), and that
//! the code object of a compile that succeeded compiles again from the same AST.

use std::cell::Cell;

use rustpython_compiler::ast::{
    self,
    visitor::transformer::{walk_expr, Transformer},
    Expr, Number, Operator, UnaryOp,
};
use rustpython_vm::{
    builtins::{PyBool, PyBytes, PyCode, PyComplex, PyFloat, PyFrozenSet, PyInt, PyStr, PyTuple},
    bytecode::CodeFlags,
    compiler::{CompileOpts, Mode},
    function::{Callee, FuncArgs, PyMethodDef},
    AsObject, PyObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};
use std::sync::OnceLock;

/// CPython's `MAX_INT_SIZE` (bits): larger int results of `*`, `**`, `<<` are not folded.
const MAX_INT_SIZE: u64 = 128;

thread_local! {
    /// Set while a caller that folds the AST itself (automatic mode) compiles source.
    static CALLER_FOLDS: Cell<bool> = const { Cell::new(false) };
}

static REAL_EXEC: OnceLock<&'static PyMethodDef> = OnceLock::new();
static REAL_EVAL: OnceLock<&'static PyMethodDef> = OnceLock::new();

/// Runs `compile` with the builtin `compile` leaving constants as rustpython folded them:
/// the caller parses the source anyway and folds that AST ([`fold`]), so folding here
/// would parse it a second time.
pub fn with_caller_folding<R>(compile: impl FnOnce() -> R) -> R {
    let before = CALLER_FOLDS.with(|flag| flag.replace(true));
    let result = compile();
    CALLER_FOLDS.with(|flag| flag.set(before));
    result
}

/// Whether the builtin `compile` should fold what it compiles (see [`with_caller_folding`]).
pub fn compile_should_fold() -> bool {
    !CALLER_FOLDS.with(Cell::get)
}

/// Folds the constant arithmetic of a parsed module or expression in place; whether
/// anything changed. `future_annotations`: the code is compiled under
/// `from __future__ import annotations` (then annotations are left as written).
pub fn fold(vm: &VirtualMachine, tree: &mut ast::Mod, future_annotations: bool) -> bool {
    let future_annotations =
        future_annotations || matches!(tree, ast::Mod::Module(module) if imports_future_annotations(&module.body));
    let folder = Folder { vm, fold_annotations: !future_annotations, changed: Cell::new(false) };
    match tree {
        ast::Mod::Module(module) => folder.visit_body(&mut module.body),
        ast::Mod::Expression(expression) => folder.visit_expr(&mut expression.body),
    }
    folder.changed.get()
}

/// `from __future__ import annotations` among a module's leading statements.
fn imports_future_annotations(body: &[ast::Stmt]) -> bool {
    body.iter().take_while(|stmt| matches!(stmt, ast::Stmt::ImportFrom(_) | ast::Stmt::Expr(_))).any(|stmt| {
        matches!(stmt, ast::Stmt::ImportFrom(import)
            if import.module.as_ref().is_some_and(|m| m.as_str() == "__future__")
                && import.names.iter().any(|alias| alias.name.as_str() == "annotations"))
    })
}

/// `code` as rustpython compiled it from `source`, or the same program compiled again
/// from the folded AST when rustpython may have folded arithmetic wrongly (a float or
/// complex constant somewhere in it) and folding changed something. Never fails: a
/// source this cannot take again keeps rustpython's code.
pub fn refold(
    vm: &VirtualMachine,
    code: PyRef<PyCode>,
    source: &str,
    mode: Mode,
    mut opts: CompileOpts,
) -> PyRef<PyCode> {
    if !holds_inexact_constant(code.as_object()) {
        return code;
    }
    let flags = code.code.flags;
    if flags.contains(CodeFlags::FUTURE_BARRY_AS_BDFL) {
        return code; // rustpython rewrites the source before parsing it then
    }
    let source = source.strip_prefix('\u{feff}').unwrap_or(source);
    // rustpython's compile reads CRLF line breaks as LF (multi-line strings included).
    let normalized;
    let source = if source.contains("\r\n") {
        normalized = source.replace("\r\n", "\n");
        normalized.as_str()
    } else {
        source
    };
    let mut tree = match mode {
        Mode::Eval => match rustpython_compiler::parser::parse_expression(source) {
            Ok(parsed) => ast::Mod::Expression(parsed.into_syntax()),
            Err(_) => return code,
        },
        _ => match rustpython_compiler::parser::parse_module(source) {
            Ok(parsed) => ast::Mod::Module(parsed.into_syntax()),
            Err(_) => return code,
        },
    };
    if !fold(vm, &mut tree, flags.contains(CodeFlags::FUTURE_ANNOTATIONS)) {
        return code;
    }
    opts.future_features |= flags & CodeFlags::FUTURE_MASK;
    let source_file = ruff_source_file::SourceFileBuilder::new(code.source_path.as_str(), source).finish();
    match rustpython_compiler::codegen::compile::compile_top(tree, source_file, mode, opts) {
        Ok(folded) => PyCode::new_ref_from_bytecode(vm, folded),
        Err(_) => code,
    }
}

/// Whether a constant (of a code object, recursively) is a float or a complex: the only
/// results rustpython's folding gets wrong. Ints, strings and the rest it folds exactly.
fn holds_inexact_constant(constant: &PyObject) -> bool {
    if constant.downcast_ref::<PyFloat>().is_some() || constant.downcast_ref::<PyComplex>().is_some() {
        return true;
    }
    if let Some(code) = constant.downcast_ref::<PyCode>() {
        return code.code.constants.iter().any(|c| holds_inexact_constant(std::borrow::Borrow::<PyObject>::borrow(c)));
    }
    if let Some(tuple) = constant.downcast_ref::<PyTuple>() {
        return tuple.iter().any(|item| holds_inexact_constant(item));
    }
    if let Some(set) = constant.downcast_ref::<PyFrozenSet>() {
        return set.elements().iter().any(|item| holds_inexact_constant(item));
    }
    false
}

/// The AST pass. A `Transformer` reaches every expression (function bodies, defaults,
/// lambdas, comprehensions, class bodies, f-string fields, decorators).
struct Folder<'vm> {
    vm: &'vm VirtualMachine,
    fold_annotations: bool,
    changed: Cell<bool>,
}

impl Transformer for Folder<'_> {
    fn visit_expr(&self, expr: &mut Expr) {
        self.fold_expr(expr);
    }

    fn visit_annotation(&self, expr: &mut Expr) {
        if self.fold_annotations {
            self.fold_expr(expr);
        }
    }

    fn visit_pattern(&self, _pattern: &mut ast::Pattern) {}
}

impl Folder<'_> {
    /// Folds inside `expr`, bottom-up; its value when `expr` is a numeric constant
    /// (whether or not it was written back as a literal), so enclosing operations fold
    /// in one pass over the tree.
    fn fold_expr(&self, expr: &mut Expr) -> Option<PyObjectRef> {
        let vm = self.vm;
        match expr {
            Expr::NumberLiteral(literal) => number_value(vm, &literal.value),
            Expr::BooleanLiteral(literal) => Some(vm.ctx.new_bool(literal.value).into()),
            Expr::UnaryOp(unary) => {
                let operand = self.fold_expr(&mut unary.operand)?;
                // `not`, and `~True` (a DeprecationWarning in newer Pythons), stay as written.
                if operand.downcast_ref::<PyBool>().is_some() {
                    return None;
                }
                match unary.op {
                    UnaryOp::USub => vm._neg(&operand).ok(),
                    UnaryOp::UAdd => vm._pos(&operand).ok(),
                    UnaryOp::Invert => vm._invert(&operand).ok(),
                    UnaryOp::Not => None,
                }
            }
            Expr::BinOp(binary) => {
                let left = self.fold_expr(&mut binary.left);
                let right = self.fold_expr(&mut binary.right);
                let (left, right) = (left?, right?);
                let value = binary_value(vm, &left, binary.op, &right)?;
                let literal =
                    rustpython_may_differ(binary.op, &left, &right, &value).then(|| literal_for(&value)).flatten();
                if let Some(literal) = literal {
                    *expr = Expr::NumberLiteral(ast::ExprNumberLiteral {
                        node_index: Default::default(),
                        range: binary.range,
                        value: literal,
                    });
                    self.changed.set(true);
                }
                Some(value)
            }
            _ => {
                walk_expr(self, expr);
                None
            }
        }
    }
}

/// The Python value of a number literal.
fn number_value(vm: &VirtualMachine, number: &Number) -> Option<PyObjectRef> {
    Some(match number {
        Number::Int(int) => vm.ctx.new_int(rustpython_compiler::codegen::compile::ruff_int_to_bigint(int).ok()?).into(),
        Number::Float(value) => vm.ctx.new_float(*value).into(),
        Number::Complex { real, imag } => {
            // The value type is num-complex's, which pynum does not name.
            let mut value = vm.ctx.new_complex(Default::default()).to_complex();
            value.re = *real;
            value.im = *imag;
            vm.ctx.new_complex(value).into()
        }
    })
}

/// Whether rustpython's own folding of `left op right` (given the operands' values) may
/// give another value than `result`. It agrees for `+ - * /` on floats and on ints that
/// convert to floats exactly (IEEE operations are correctly rounded, and CPython's int
/// true division is too), and for int results (exact); writing back only the others
/// keeps most modules that use float arithmetic from being compiled a second time.
fn rustpython_may_differ(op: Operator, left: &PyObject, right: &PyObject, result: &PyObject) -> bool {
    /// 2**53: ints up to this magnitude are floats exactly.
    const EXACT_FLOAT_INT: u64 = 1 << 53;
    let exact_operand = |value: &PyObject| {
        value.downcast_ref::<PyFloat>().is_some()
            || value
                .downcast_ref::<PyInt>()
                .is_some_and(|int| i64::try_from(int.as_bigint()).is_ok_and(|v| v.unsigned_abs() <= EXACT_FLOAT_INT))
    };
    if result.downcast_ref::<PyInt>().is_some() {
        return false;
    }
    !(matches!(op, Operator::Add | Operator::Sub | Operator::Mult | Operator::Div)
        && exact_operand(left)
        && exact_operand(right))
}

/// The literal that holds a folded value, for the floats and complexes rustpython would
/// fold wrongly; `None` for ints (folded exactly by rustpython) and NaNs.
fn literal_for(value: &PyObject) -> Option<Number> {
    if let Some(float) = value.downcast_ref::<PyFloat>() {
        let value = float.to_f64();
        return (!value.is_nan()).then_some(Number::Float(value));
    }
    let complex = value.downcast_ref::<PyComplex>()?.to_complex();
    (!complex.re.is_nan() && !complex.im.is_nan()).then_some(Number::Complex { real: complex.re, imag: complex.im })
}

/// `left op right` computed by the VM (pynum's number slots), or `None` when CPython
/// would not fold it: the operation raises, or an int result would be too large.
fn binary_value(vm: &VirtualMachine, left: &PyObject, op: Operator, right: &PyObject) -> Option<PyObjectRef> {
    if int_result_too_large(vm, left, op, right) {
        return None;
    }
    let result = match op {
        Operator::Add => vm._add(left, right),
        Operator::Sub => vm._sub(left, right),
        Operator::Mult => vm._mul(left, right),
        Operator::Div => vm._truediv(left, right),
        Operator::FloorDiv => vm._floordiv(left, right),
        Operator::Mod => vm._mod(left, right),
        Operator::Pow => vm._pow(left, right, vm.ctx.none.as_object()),
        Operator::LShift => vm._lshift(left, right),
        Operator::RShift => vm._rshift(left, right),
        Operator::BitAnd => vm._and(left, right),
        Operator::BitOr => vm._or(left, right),
        Operator::BitXor => vm._xor(left, right),
        Operator::MatMult => return None,
    };
    result.ok()
}

/// CPython's limits on folded ints: `a * b` over `MAX_INT_SIZE` bits, `a ** n` with
/// `bits(a) > MAX_INT_SIZE / n`, `a << n` with `n > MAX_INT_SIZE` or `bits(a) + n` over it
/// (a zero `a` always folds).
fn int_result_too_large(vm: &VirtualMachine, left: &PyObject, op: Operator, right: &PyObject) -> bool {
    let (Some(left), Some(right)) = (left.downcast_ref::<PyInt>(), right.downcast_ref::<PyInt>()) else {
        return false;
    };
    let (left, right) = (left.as_bigint(), right.as_bigint());
    let zero = vm.ctx.new_int(0);
    let zero = zero.as_bigint();
    if left == zero || right <= zero {
        return false;
    }
    let left_bits = left.bits();
    match op {
        Operator::Mult => left_bits + right.bits() > MAX_INT_SIZE,
        Operator::Pow => match u64::try_from(right) {
            Ok(exponent) => left_bits > MAX_INT_SIZE / exponent,
            Err(_) => true,
        },
        Operator::LShift => match u64::try_from(right) {
            Ok(shift) => shift > MAX_INT_SIZE || left_bits > MAX_INT_SIZE - shift,
            Err(_) => true,
        },
        _ => false,
    }
}

/// After start-up: `exec` and `eval` of source text compile it here, so the code they run has
/// the constants folded as above (rustpython's own compile the string inside them,
/// out of reach of `compile`). Other arguments go to rustpython's functions unchanged.
pub fn install(vm: &VirtualMachine) -> PyResult<()> {
    replace_builtin(vm, "exec", &REAL_EXEC, rustpython_vm::function::static_raw_func(exec_folding))?;
    replace_builtin(vm, "eval", &REAL_EVAL, rustpython_vm::function::static_raw_func(eval_folding))
}

/// Puts `func` in `builtins` under `name`, with the name, doc and flags of rustpython's
/// function, which `real` keeps for `func` to call.
fn replace_builtin(
    vm: &VirtualMachine,
    name: &'static str,
    real: &OnceLock<&'static PyMethodDef>,
    func: &'static dyn rustpython_vm::function::PyNativeFn,
) -> PyResult<()> {
    let builtins = &vm.builtins;
    let Some(method) = builtins.def.and_then(|def| def.methods.iter().find(|m| m.name == name)) else {
        return Ok(());
    };
    real.get_or_init(|| method);
    let replacement: &'static PyMethodDef = Box::leak(Box::new(PyMethodDef { func, ..method.clone() }));
    let function = replacement
        .to_function()
        .with_module(builtins.name.expect("builtins has a name"))
        .with_module_object(builtins.to_owned().into())
        .into_ref(&vm.ctx);
    builtins.set_attr(name, function, vm)
}

fn exec_folding(vm: &VirtualMachine, mut args: FuncArgs, callee: Callee) -> PyResult {
    if !args.kwargs.contains_key("closure") {
        if let Some(code) = compile_string_argument(vm, &args, Mode::Exec) {
            args.args[0] = code.into();
        }
    }
    (REAL_EXEC.get().expect("set when installed").func)(vm, args, callee)
}

fn eval_folding(vm: &VirtualMachine, mut args: FuncArgs, callee: Callee) -> PyResult {
    if let Some(code) = compile_string_argument(vm, &args, Mode::Eval) {
        args.args[0] = code.into();
    }
    (REAL_EVAL.get().expect("set when installed").func)(vm, args, callee)
}

/// The str (or UTF-8 bytes) source of `exec`/`eval`, compiled as they compile it (file name `<string>`,
/// the calling code's future features, `eval` without leading blanks) and folded; `None`
/// leaves the call to rustpython's function as it was made: a source that is not a str
/// or does not compile raises there, with its own checks in its own order.
fn compile_string_argument(vm: &VirtualMachine, args: &FuncArgs, mode: Mode) -> Option<PyRef<PyCode>> {
    let source = args.args.first()?;
    let source = match source.downcast_ref::<PyStr>() {
        Some(text) => text.to_str()?,
        None => utf8_source(source.downcast_ref::<PyBytes>()?.as_bytes())?,
    };
    if source.contains('\0') {
        return None;
    }
    let source = if matches!(mode, Mode::Eval) { source.trim_start_matches([' ', '\t']) } else { source };
    vm.audit("compile", || (vm.ctx.new_bytes(source.as_bytes().to_vec()), vm.ctx.new_str("<string>"))).ok()?;
    let mut opts = vm.compile_opts();
    if let Some(caller) = rustpython_vm::frame::current_code() {
        opts.future_features = caller.flags & CodeFlags::FUTURE_MASK;
    }
    let code = vm.compile_with_opts(source, mode, "<string>", opts.clone()).ok()?;
    Some(refold(vm, code, source, mode, opts))
}

/// Source bytes as the text `compile`, `exec` and `eval` read (without a byte-order
/// mark), when that is their UTF-8 reading: a coding cookie naming another encoding
/// changes the reading of non-ASCII bytes, so those are left alone.
pub fn utf8_source(bytes: &[u8]) -> Option<&str> {
    let text = std::str::from_utf8(bytes).ok()?;
    let text = text.strip_prefix('\u{feff}').unwrap_or(text);
    if text.is_ascii() {
        return Some(text);
    }
    let declared_other = text.lines().take(2).any(|line| {
        let line = line.trim_start();
        line.starts_with('#')
            && line.find("coding").is_some_and(|at| {
                let rest = &line[at + "coding".len()..];
                rest.strip_prefix([':', '=']).is_some_and(|name| {
                    let name = name.trim_start().to_ascii_lowercase().replace('_', "-");
                    !(name.starts_with("utf-8") || name.starts_with("utf8"))
                })
            })
    });
    (!declared_other).then_some(text)
}
