//! Stage 1a, decoding: a rustpython-vm 0.6 code object becomes a flat list of
//! instructions with offsets, resolved jump targets and source lines, plus its exception
//! table and its constants in pynum's own representation.
//!
//! Assumes CPython 3.14's code-unit format, as rustpython 0.6 emits it: one unit per
//! instruction, `EXTENDED_ARG` prefixes, CACHE units after cacheable instructions, and
//! relative jumps counted in units from the end of the instruction and its caches. The
//! de-specialized opcode is read, so analysis does not depend on what the VM has seen.
//! This module and `dataflow` are the only ones that know rustpython's opcode set.

use std::fmt::Write as _;

use rustpython_compiler_core::bytecode::{
    self, BorrowedConstant, CodeFlags, CodeObject, Constant, Instruction, OpArgState,
};

use crate::error::FrontendError;
use crate::ir::Const;

/// One decoded instruction. Offsets count code units, as jumps and the exception table do.
#[derive(Debug, Clone, Copy)]
pub struct Instr {
    pub offset: u32,
    pub op: Instruction,
    /// The argument with every `EXTENDED_ARG` prefix folded in.
    pub arg: u32,
    pub line: u32,
    /// Offset of the next instruction, after this one's CACHE units.
    pub next: u32,
    /// Where a jump goes, for instructions with a label argument.
    pub target: Option<u32>,
}

/// A row of the exception table: instructions in `start..end` unwind to `handler` with
/// the value stack cut to `depth` (plus the offset of the raising instruction when
/// `push_lasti`), then the exception pushed.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub struct ExceptionHandler {
    pub start: u32,
    pub end: u32,
    pub handler: u32,
    pub depth: u32,
    pub push_lasti: bool,
}

/// A decoded code object: everything later stages need, and nothing of the VM.
#[derive(Debug, Clone)]
pub struct Bytecode {
    pub name: String,
    pub qualname: String,
    pub filename: String,
    pub first_line: u32,
    /// Positional and keyword parameter names, in order (`*args`, `**kwargs` included).
    pub params: Vec<String>,
    /// `co_localsplusnames`: locals, then cells that are not locals, then free variables.
    pub localsplus: Vec<String>,
    pub cellvars: Vec<String>,
    pub freevars: Vec<String>,
    pub names: Vec<String>,
    pub constants: Vec<Const>,
    pub instrs: Vec<Instr>,
    pub handlers: Vec<ExceptionHandler>,
    pub is_generator: bool,
    /// `async def` (a coroutine or an async generator).
    pub is_async: bool,
    /// Takes `*args` or `**kwargs`.
    pub is_variadic: bool,
    /// A function's code (fast locals), not a module's or a class body's (names).
    pub is_function: bool,
}

impl Bytecode {
    /// The instruction at `offset`, if an instruction starts there.
    pub fn index_of(&self, offset: u32) -> Option<usize> {
        self.instrs.binary_search_by_key(&offset, |i| i.offset).ok()
    }

    /// Cell variables then free variables, each once.
    pub fn cells(&self) -> Vec<String> {
        let mut cells = self.cellvars.clone();
        cells.extend(self.freevars.iter().filter(|f| !self.cellvars.contains(f)).cloned());
        cells
    }

    /// The exception-table row that covers `offset`.
    pub fn handler_at(&self, offset: u32) -> Option<&ExceptionHandler> {
        self.handlers.iter().find(|h| h.start <= offset && offset < h.end)
    }
}

/// The opcode's name as `dis` prints it (`LOAD_FAST`), for dumps and errors.
pub fn opname(op: Instruction) -> String {
    let debug = format!("{op:?}");
    let name = debug.split([' ', '{', '(']).next().unwrap_or(&debug);
    let mut out = String::with_capacity(name.len() + 4);
    for (i, c) in name.chars().enumerate() {
        if c.is_ascii_uppercase() && i > 0 {
            out.push('_');
        }
        out.push(c.to_ascii_uppercase());
    }
    out
}

/// Decodes a code object, and not the code objects nested in its constants.
pub fn decode<C: Constant>(code: &CodeObject<C>) -> Result<Bytecode, FrontendError> {
    let units = &*code.instructions;
    let mut instrs = Vec::with_capacity(units.len());
    let mut state = OpArgState::default();
    let mut index = 0usize;
    let mut start = 0usize; // first unit of the current instruction, EXTENDED_ARG included
    while index < units.len() {
        let (op, arg) = state.get(units[index]);
        let op = op.deoptimize();
        if matches!(op, Instruction::ExtendedArg) {
            index += 1;
            continue;
        }
        let arg = u32::from(arg);
        let next = (index + 1 + op.cache_entries()) as u32;
        let target = is_jump(op).then(|| jump_target(op, index as u32, next, arg)).transpose();
        let target = target.map_err(|reason| FrontendError::Malformed { offset: index as u32, reason })?;
        let line = code.locations.get(index).map_or(0, |(loc, _)| loc.line.get() as u32);
        instrs.push(Instr { offset: start as u32, op, arg, line, next, target });
        index = next as usize;
        start = index;
    }
    // Control goes only to the start of an instruction (an `EXTENDED_ARG` prefix
    // included): the CFG makes a block of every place control goes to. A mutated or
    // corrupt code object may jump into an instruction's cache units or past the end.
    let start_of = |offset: u32| instrs.binary_search_by_key(&offset, |i: &Instr| i.offset).ok();
    // Every code object the compiler makes ends in a return, a raise or a jump; the CFG
    // needs an entry block, and no block falls off the end (after a truncation, or a last
    // jump made conditional). Units that are all EXTENDED_ARG prefixes hold no instruction.
    match instrs.last() {
        None => {
            return Err(FrontendError::Malformed { offset: 0, reason: "a code object without instructions".into() })
        }
        Some(last) if !crate::cfg::is_exit(last.op) => {
            return Err(FrontendError::Malformed {
                offset: last.offset,
                reason: format!("{} falls off the end", opname(last.op)),
            });
        }
        Some(_) => {}
    }
    for instr in &instrs {
        let Some(target) = instr.target else { continue };
        let Some(index) = start_of(target) else {
            return Err(FrontendError::Malformed {
                offset: instr.offset,
                reason: format!("jump to {target}, not the start of an instruction ({} units)", units.len()),
            });
        };
        // A loop's exit is the instruction after its END_FOR (see `cfg::for_iter_exit`).
        let exit = &instrs[index];
        if matches!(instr.op, Instruction::ForIter { .. })
            && matches!(exit.op, Instruction::EndFor)
            && start_of(exit.next).is_none()
        {
            return Err(FrontendError::Malformed {
                offset: instr.offset,
                reason: format!("loop exit {} past the end", exit.next),
            });
        }
    }
    let handlers = bytecode::decode_exception_table(&code.exceptiontable)
        .into_iter()
        .map(|e| ExceptionHandler {
            start: e.start,
            end: e.end,
            handler: e.target,
            depth: u32::from(e.depth),
            push_lasti: e.push_lasti,
        })
        .collect::<Vec<ExceptionHandler>>();
    if let Some(h) = handlers.iter().find(|h| start_of(h.handler).is_none()) {
        return Err(FrontendError::Malformed {
            offset: h.start,
            reason: format!("exception handler at {}, not the start of an instruction", h.handler),
        });
    }
    let total_params = code.arg_count
        + code.kwonlyarg_count
        + u32::from(code.flags.contains(CodeFlags::VARARGS))
        + u32::from(code.flags.contains(CodeFlags::VARKEYWORDS));
    let varnames: Vec<String> = code.varnames.iter().map(|n| n.as_ref().to_owned()).collect();
    let cellvars: Vec<String> = code.cellvars.iter().map(|n| n.as_ref().to_owned()).collect();
    let freevars: Vec<String> = code.freevars.iter().map(|n| n.as_ref().to_owned()).collect();
    let localsplus = varnames
        .iter()
        .cloned()
        .chain(cellvars.iter().filter(|c| !varnames.contains(c)).cloned())
        .chain(freevars.iter().cloned())
        .collect();
    Ok(Bytecode {
        name: code.obj_name.as_ref().to_owned(),
        qualname: code.qualname.as_ref().to_owned(),
        filename: code.source_path.as_ref().to_owned(),
        first_line: code.first_line_number.map_or(0, |l| l.get() as u32),
        params: varnames.iter().take(total_params as usize).cloned().collect(),
        localsplus,
        cellvars,
        freevars,
        names: code.names.iter().map(|n| n.as_ref().to_owned()).collect(),
        constants: code.constants.iter().map(|c| convert_constant(c)).collect(),
        instrs,
        handlers,
        is_generator: code.flags.intersects(CodeFlags::GENERATOR | CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR),
        is_async: code.flags.intersects(CodeFlags::COROUTINE | CodeFlags::ASYNC_GENERATOR),
        is_variadic: code.flags.intersects(CodeFlags::VARARGS | CodeFlags::VARKEYWORDS),
        is_function: code.flags.contains(CodeFlags::OPTIMIZED),
    })
}

/// Whether `code` jumps backward (has a loop): a scan of its units, far cheaper than
/// [`decode`], so callers can skip analysing code that has no loop to lift.
pub fn has_backward_jump<C: Constant>(code: &CodeObject<C>) -> bool {
    let mut state = OpArgState::default();
    code.instructions.iter().any(|&unit| {
        let (op, _) = state.get(unit);
        matches!(op.deoptimize(), Instruction::JumpBackward { .. } | Instruction::JumpBackwardNoInterrupt { .. })
    })
}

/// Instructions whose argument is a relative jump. (compiler-core's `label_arg` does not
/// report them all in 0.6, so the list is ours.)
pub fn is_jump(op: Instruction) -> bool {
    matches!(
        op,
        Instruction::ForIter { .. }
            | Instruction::JumpForward { .. }
            | Instruction::JumpBackward { .. }
            | Instruction::JumpBackwardNoInterrupt { .. }
            | Instruction::PopJumpIfFalse { .. }
            | Instruction::PopJumpIfTrue { .. }
            | Instruction::PopJumpIfNone { .. }
            | Instruction::PopJumpIfNotNone { .. }
            | Instruction::Send { .. }
    )
}

fn jump_target(op: Instruction, at: u32, next: u32, delta: u32) -> Result<u32, String> {
    match op {
        Instruction::JumpBackward { .. } | Instruction::JumpBackwardNoInterrupt { .. } => {
            next.checked_sub(delta).ok_or_else(|| format!("backward jump of {delta} from {at}"))
        }
        _ => Ok(next + delta),
    }
}

/// Constants in pynum's own form; code objects are named by their qualified name.
pub fn convert_constant<C: Constant>(constant: &C) -> Const {
    match constant.borrow_constant() {
        BorrowedConstant::Integer { value } => {
            let text = value.to_string();
            text.parse::<i64>().map_or(Const::BigInt(text), Const::Int)
        }
        BorrowedConstant::Float { value } => Const::Float(value),
        BorrowedConstant::Complex { value } => Const::Complex(value.re, value.im),
        BorrowedConstant::Boolean { value } => Const::Bool(value),
        BorrowedConstant::Str { value } => match value.as_str() {
            Ok(text) => Const::Str(text.to_owned()),
            // Made lossy, `"\ud800"` would be `"\ufffd"` in native code (a JIT-only
            // difference an adversarial review found).
            Err(_) => Const::SurrogateStr,
        },
        BorrowedConstant::Bytes { value } => Const::Bytes(value.to_vec()),
        BorrowedConstant::Code { code } => Const::Code(code.qualname.as_ref().to_owned()),
        BorrowedConstant::Tuple { elements } => Const::Tuple(elements.iter().map(convert_constant).collect()),
        BorrowedConstant::Slice { elements } => Const::Slice(elements.iter().map(convert_constant).collect()),
        BorrowedConstant::Frozenset { elements } => Const::FrozenSet(elements.iter().map(convert_constant).collect()),
        BorrowedConstant::None => Const::None,
        BorrowedConstant::Ellipsis => Const::Ellipsis,
    }
}

/// Every code object reachable from `code` through its constants, outermost first.
pub fn walk_code_objects<'a, C: Constant>(code: &'a CodeObject<C>, out: &mut Vec<&'a CodeObject<C>>) {
    out.push(code);
    for constant in code.constants.iter() {
        if let BorrowedConstant::Code { code } = constant.borrow_constant() {
            walk_code_objects(code, out);
        }
    }
}

/// The `--dump-bytecode` text: one instruction a line, with line numbers, jump targets
/// and resolved names, then the exception table.
pub fn dump(bc: &Bytecode) -> String {
    let mut out = String::new();
    let mut last_line = 0;
    for instr in &bc.instrs {
        let line = if instr.line != last_line { instr.line.to_string() } else { String::new() };
        last_line = instr.line;
        let _ = write!(out, "{line:>5} {:>5} {:<28}", instr.offset, opname(instr.op));
        let detail = describe_arg(bc, instr);
        let _ = writeln!(out, "{}", detail.trim_end());
    }
    if !bc.handlers.is_empty() {
        out.push_str("ExceptionTable:\n");
        for h in &bc.handlers {
            let lasti = if h.push_lasti { " lasti" } else { "" };
            let _ = writeln!(out, "  {} to {} -> {} [{}]{lasti}", h.start, h.end, h.handler, h.depth);
        }
    }
    out
}

fn describe_arg(bc: &Bytecode, instr: &Instr) -> String {
    let name = |i: u32| bc.names.get(i as usize).cloned().unwrap_or_else(|| format!("?{i}"));
    let local = |i: u32| bc.localsplus.get(i as usize).cloned().unwrap_or_else(|| format!("?{i}"));
    if let Some(target) = instr.target {
        return format!("{} (to {target})", instr.arg);
    }
    let arg = instr.arg;
    match instr.op {
        Instruction::LoadConst { .. } => {
            format!("{arg} ({})", bc.constants.get(arg as usize).map_or_else(|| "?".to_owned(), |c| c.to_string()))
        }
        Instruction::LoadFast { .. }
        | Instruction::LoadFastBorrow { .. }
        | Instruction::LoadFastCheck { .. }
        | Instruction::LoadFastAndClear { .. }
        | Instruction::StoreFast { .. }
        | Instruction::DeleteFast { .. }
        | Instruction::LoadDeref { .. }
        | Instruction::StoreDeref { .. }
        | Instruction::DeleteDeref { .. }
        | Instruction::MakeCell { .. } => format!("{arg} ({})", local(arg)),
        Instruction::LoadFastLoadFast { .. }
        | Instruction::LoadFastBorrowLoadFastBorrow { .. }
        | Instruction::StoreFastStoreFast { .. }
        | Instruction::StoreFastLoadFast { .. } => {
            format!("{arg} ({}, {})", local(arg >> 4), local(arg & 15))
        }
        Instruction::LoadGlobal { .. } => {
            let null = if arg & 1 == 1 { " + NULL" } else { "" };
            format!("{arg} ({}{null})", name(arg >> 1))
        }
        Instruction::LoadAttr { .. } => {
            let method = if arg & 1 == 1 { " + NULL|self" } else { "" };
            format!("{arg} ({}{method})", name(arg >> 1))
        }
        Instruction::StoreAttr { .. }
        | Instruction::DeleteAttr { .. }
        | Instruction::StoreGlobal { .. }
        | Instruction::DeleteGlobal { .. }
        | Instruction::LoadName { .. }
        | Instruction::StoreName { .. }
        | Instruction::DeleteName { .. }
        | Instruction::ImportName { .. }
        | Instruction::ImportFrom { .. } => format!("{arg} ({})", name(arg)),
        Instruction::BinaryOp { op } => format!("{arg} ({})", op.get(bytecode::OpArg::new(arg))),
        _ if instr.op.has_arg() => arg.to_string(),
        _ => String::new(),
    }
}
