//! Malformed code objects (what the property test `targets/cranelift/tests/frontend_props.rs`
//! found by mutating compiled ones) give the front end's typed errors, never a panic.
//! One test per shape that once panicked.

use pynum_jit::bytecode::walk_code_objects;
use pynum_jit::{analyze, FrontendError};
use rustpython_compiler::core::bytecode::{CodeObject, CodeUnit, CodeUnits};

/// The code object `qualname` compiled from `source`, its units changed by `mutate`.
fn mutated(source: &str, qualname: &str, mutate: impl FnOnce(&mut Vec<CodeUnit>)) -> CodeObject {
    let module =
        rustpython_compiler::compile(source, rustpython_compiler::Mode::Exec, "malformed.py", Default::default())
            .unwrap();
    let mut codes = Vec::new();
    walk_code_objects(&module, &mut codes);
    let mut code = codes.iter().find(|c| c.qualname.as_str() == qualname).map(|c| (*c).clone()).unwrap();
    let mut units = code.instructions.to_vec();
    mutate(&mut units);
    code.instructions = CodeUnits::from(units);
    code
}

/// The front end's answer: an error (at decoding or in the IR), and never a panic.
fn front_end_error(code: &CodeObject) -> FrontendError {
    match analyze(code) {
        Err(error) => error,
        Ok(analysis) => analysis.ir.expect_err("malformed code should not translate"),
    }
}

const SOURCE: &str = "def f(a, b):\n    return a + b\n";

#[test]
fn no_instructions() {
    let code = mutated(SOURCE, "f", Vec::clear);
    assert!(matches!(front_end_error(&code), FrontendError::Malformed { .. }));
}

/// A unit deleted and a `NOT_TAKEN` made `BINARY_OP_ADD_FLOAT` (which has cache units):
/// control then went to offsets where no instruction starts, and the data flow looked up
/// a block the CFG never made, and panicked.
#[test]
fn control_into_the_middle_of_an_instruction() {
    let source = "def f0():\n    try:\n        ((0 < 0) < a < (0 if -1 else 0))\n    except ZeroDivisionError:\n        return\n    return a\n    yield a\n";
    let code = mutated(source, "f0", |units| {
        let n = units.len();
        units.remove(1570143237686754398 % n);
        let n = units.len();
        units[3068324394774191276 % n].op = rustpython_compiler::core::bytecode::Instruction::try_from(129u8).unwrap();
    });
    let error = front_end_error(&code);
    assert!(matches!(error, FrontendError::Malformed { .. }), "{error}");
}

/// An argument outside its opcode's range (a `BINARY_OP` with operator 27): rustpython's
/// `Arg::get` unwrapped the conversion and panicked.
#[test]
fn argument_outside_its_range() {
    let source = "def f(a, b):\n    return a + b\n";
    let code = mutated(source, "f", |units| {
        let add = units
            .iter_mut()
            .find(|u| matches!(u.op, rustpython_compiler::core::bytecode::Instruction::BinaryOp { .. }))
            .unwrap();
        add.arg = 200u8.into();
    });
    let error = front_end_error(&code);
    assert!(matches!(error, FrontendError::Malformed { .. }), "{error}");
}

/// `LIST_APPEND 0`: the data flow peeked one slot above the stack's top and indexed out
/// of bounds.
#[test]
fn peek_at_depth_zero() {
    let source = "def f(a):\n    return [x for x in a]\n";
    let module =
        rustpython_compiler::compile(source, rustpython_compiler::Mode::Exec, "malformed.py", Default::default())
            .unwrap();
    let mut codes = Vec::new();
    walk_code_objects(&module, &mut codes);
    let owner = codes
        .iter()
        .find(|c| {
            c.instructions
                .iter()
                .any(|u| matches!(u.op, rustpython_compiler::core::bytecode::Instruction::ListAppend { .. }))
        })
        .unwrap();
    let code = mutated(source, owner.qualname.as_str(), |units| {
        let append = units
            .iter_mut()
            .find(|u| matches!(u.op, rustpython_compiler::core::bytecode::Instruction::ListAppend { .. }))
            .unwrap();
        append.arg = 0u8.into();
    });
    let error = front_end_error(&code);
    assert!(matches!(error, FrontendError::Verifier { .. }), "{error}");
}

/// `SWAP` on an empty stack: the data flow computed `len - 1` of an empty stack (an
/// index of 2**64 - 1). Argument 0 (the slot above the top) is refused too.
#[test]
fn swap_below_the_stack() {
    let source = "def f(a, b):\n    return a\n";
    for arg in [2u8, 0] {
        let code = mutated(source, "f", |units| {
            let swap = rustpython_compiler::core::bytecode::Instruction::Swap {
                i: rustpython_compiler::core::bytecode::Arg::marker(),
            };
            units[0] = CodeUnit::new(swap, arg.into());
        });
        let error = front_end_error(&code);
        assert!(matches!(error, FrontendError::Verifier { .. } | FrontendError::Malformed { .. }), "{error}");
    }
}

/// Units that hold no instruction, only EXTENDED_ARG prefixes (the campaign's case:
/// opcodes and arguments changed, then truncated): the CFG had no entry block and the
/// data flow panicked looking it up.
#[test]
fn only_extended_arg_prefixes() {
    use rustpython_compiler::core::bytecode::Instruction;
    let source = "import math\n\ndef f0(a):\n    b = 1\n    c = 2\n    x = 1\n    y = 0.5\n    i = 0\n    n = 3\n    t = 0\n    lst = [1, 2, 3]\n    a += ((a * a) in (1, 2.0) not in (i, -7928870247128808389,))\n\n";
    let code = mutated(source, "<module>", |units| {
        let n = units.len();
        units[2753176299927234221 % n].op = Instruction::try_from(90u8).unwrap();
        units[8666269788134568413 % n].arg = 125u8.into();
        units[12756157216239042022 % n].arg = 239u8.into();
        units[2369318417200208340 % n].op = Instruction::try_from(69u8).unwrap();
        units.truncate(174604107434374421 % n);
    });
    let error = front_end_error(&code);
    assert!(matches!(error, FrontendError::Malformed { .. }), "{error}");
}

/// A last instruction that falls through (truncated after a conditional jump).
#[test]
fn falling_off_the_end() {
    let source = "def f(a):\n    if a:\n        return 1\n    return 2\n";
    let code = mutated(source, "f", |units| {
        let jump = units
            .iter()
            .position(|u| matches!(u.op, rustpython_compiler::core::bytecode::Instruction::PopJumpIfFalse { .. }))
            .unwrap();
        units.truncate(jump + 2);
    });
    let error = front_end_error(&code);
    assert!(matches!(error, FrontendError::Malformed { .. }), "{error}");
}
