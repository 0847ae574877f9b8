//! LIR's textual form, for golden tests and debugging; `parse.rs` reads exactly this form
//! back. Assumes nothing of a module's validity: a var beyond the table or a callee that
//! does not exist still prints (as `?` types and `fnN`), so round trips and verifier
//! messages cover malformed modules too.
//!
//! ```text
//! deopt 0: "an int left 64 bits" line 3
//! raise 0: ValueError("x must be positive")
//!
//! function "f(int64)"(v0: i64) -> i64
//!   vars v1: i64, v2: i1
//! block0:
//!   ; line 3
//!   v1, v2 = sadd_overflow v0, v0
//!   exit_if v2, deopt 0
//!   return v1
//! ```
//! - The site and raise tables come first, each entry with its index.
//! - A function's header types its params; `vars` lines (eight a line) type every other
//!   var in index order, whether or not an instruction defines it.
//! - `; line N` precedes an instruction or terminator whose source line differs from the
//!   previous one in the function (which starts at 0).
//! - Ops whose result type does not follow from their operands carry it (`iconst.i8`,
//!   `load.i64`, `uextend.i64`, `bitcast.f64`...); `store.T` names the stored type.
//! - A callee prints as its quoted name when that name is unique in the module, else as
//!   `fnN`; helper and exception names print bare when they are identifier-like.
//! - Floats print exactly (`{:?}`), a NaN as its bits (`0x7ff8000000000000`).

use std::fmt::{self, Write};

use super::*;

pub(super) const BINARY_OPS: [(BinaryOp, &str); 17] = [
    (BinaryOp::Iadd, "iadd"),
    (BinaryOp::Isub, "isub"),
    (BinaryOp::Imul, "imul"),
    (BinaryOp::Sdiv, "sdiv"),
    (BinaryOp::Srem, "srem"),
    (BinaryOp::Udiv, "udiv"),
    (BinaryOp::Urem, "urem"),
    (BinaryOp::Band, "band"),
    (BinaryOp::Bor, "bor"),
    (BinaryOp::Bxor, "bxor"),
    (BinaryOp::Ishl, "ishl"),
    (BinaryOp::Sshr, "sshr"),
    (BinaryOp::Ushr, "ushr"),
    (BinaryOp::Fadd, "fadd"),
    (BinaryOp::Fsub, "fsub"),
    (BinaryOp::Fmul, "fmul"),
    (BinaryOp::Fdiv, "fdiv"),
];

pub(super) const UNARY_OPS: [(UnaryOp, &str); 15] = [
    (UnaryOp::Ineg, "ineg"),
    (UnaryOp::Bnot, "bnot"),
    (UnaryOp::Iabs, "iabs"),
    (UnaryOp::Fneg, "fneg"),
    (UnaryOp::Fabs, "fabs"),
    (UnaryOp::Sqrt, "sqrt"),
    (UnaryOp::Floor, "floor"),
    (UnaryOp::Ceil, "ceil"),
    (UnaryOp::Trunc, "trunc"),
    (UnaryOp::Nearest, "nearest"),
    (UnaryOp::Uextend, "uextend"),
    (UnaryOp::Ireduce, "ireduce"),
    (UnaryOp::FcvtFromSint, "fcvt_from_sint"),
    (UnaryOp::FcvtToSintSat, "fcvt_to_sint_sat"),
    (UnaryOp::Bitcast, "bitcast"),
];

pub(super) const INT_CCS: [(IntCC, &str); 10] = [
    (IntCC::Eq, "eq"),
    (IntCC::Ne, "ne"),
    (IntCC::Slt, "slt"),
    (IntCC::Sle, "sle"),
    (IntCC::Sgt, "sgt"),
    (IntCC::Sge, "sge"),
    (IntCC::Ult, "ult"),
    (IntCC::Ule, "ule"),
    (IntCC::Ugt, "ugt"),
    (IntCC::Uge, "uge"),
];

pub(super) const FLOAT_CCS: [(FloatCC, &str); 9] = [
    (FloatCC::Eq, "eq"),
    (FloatCC::Ne, "ne"),
    (FloatCC::Lt, "lt"),
    (FloatCC::Le, "le"),
    (FloatCC::Gt, "gt"),
    (FloatCC::Ge, "ge"),
    (FloatCC::Ord, "ord"),
    (FloatCC::Uno, "uno"),
    (FloatCC::UgeOrUno, "uge"),
];

pub(super) const OVERFLOW_OPS: [(OverflowOp, &str); 3] =
    [(OverflowOp::Sadd, "sadd_overflow"), (OverflowOp::Ssub, "ssub_overflow"), (OverflowOp::Smul, "smul_overflow")];

/// The unary ops whose destination type is printed (it does not follow from the operand).
pub(super) fn unary_shows_type(op: UnaryOp) -> bool {
    matches!(
        op,
        UnaryOp::Uextend | UnaryOp::Ireduce | UnaryOp::FcvtFromSint | UnaryOp::FcvtToSintSat | UnaryOp::Bitcast
    )
}

/// The mnemonic of `key` in one of the tables above, which list every variant.
pub(super) fn mnemonic<T: PartialEq + Copy>(table: &[(T, &'static str)], key: T) -> &'static str {
    table.iter().find(|(k, _)| *k == key).map_or("?", |(_, name)| name)
}

/// Every status, in code order.
pub(super) fn statuses() -> impl Iterator<Item = Status> {
    (0..).map_while(Status::from_code)
}

impl fmt::Display for Var {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "v{}", self.0)
    }
}

impl fmt::Display for Block {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write!(f, "block{}", self.0)
    }
}

impl fmt::Display for Exit {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        match self {
            Exit::Status(status) => write!(f, "status {status:?}"),
            Exit::Deopt(site) => write!(f, "deopt {site}"),
            Exit::Raise(index) => write!(f, "raise {index}"),
            Exit::TierUp(resume) => write!(f, "tier_up {resume}"),
        }
    }
}

impl fmt::Display for Module {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        for (index, (reason, line)) in self.deopt_sites.iter().enumerate() {
            writeln!(f, "deopt {index}: {reason:?} line {line}")?;
        }
        for (index, (exception, args)) in self.raises.iter().enumerate() {
            write!(f, "raise {index}: ")?;
            write_name(f, exception)?;
            writeln!(f, "({})", join(args))?;
        }
        for (index, text) in self.strings.iter().enumerate() {
            writeln!(f, "str {index}: {text:?}")?;
        }
        let mut first = self.deopt_sites.is_empty() && self.raises.is_empty() && self.strings.is_empty();
        for func in &self.functions {
            if !std::mem::take(&mut first) {
                writeln!(f)?;
            }
            write_function(f, func, Some(self))?;
        }
        Ok(())
    }
}

/// A function on its own: callees print as `fnN`, having no module to name them.
impl fmt::Display for Function {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        write_function(f, self, None)
    }
}

fn write_function(f: &mut fmt::Formatter<'_>, func: &Function, module: Option<&Module>) -> fmt::Result {
    write!(f, "function {:?}(", func.name)?;
    for (i, param) in func.params.iter().enumerate() {
        let sep = if i > 0 { ", " } else { "" };
        write!(f, "{sep}{param}: {}", type_name(func, *param))?;
    }
    f.write_char(')')?;
    if !func.results.is_empty() {
        write!(f, " -> {}", join(func.results.iter().map(|t| t.name())))?;
    }
    writeln!(f)?;
    let locals: Vec<String> = (0..func.vars.len() as u32)
        .map(Var)
        .filter(|v| !func.params.contains(v))
        .map(|v| format!("{v}: {}", type_name(func, v)))
        .collect();
    for chunk in locals.chunks(8) {
        writeln!(f, "  vars {}", chunk.join(", "))?;
    }
    let mut line = 0;
    for (index, block) in func.blocks.iter().enumerate() {
        writeln!(f, "{}:", Block(index as u32))?;
        for inst in &block.insts {
            write_line_marker(f, inst.line, &mut line)?;
            writeln!(f, "  {}", op_text(&inst.op, func, module))?;
        }
        write_line_marker(f, block.terminator_line, &mut line)?;
        writeln!(f, "  {}", terminator_text(&block.terminator))?;
    }
    Ok(())
}

fn write_line_marker(f: &mut fmt::Formatter<'_>, new: u32, current: &mut u32) -> fmt::Result {
    if new != *current {
        *current = new;
        writeln!(f, "  ; line {new}")?;
    }
    Ok(())
}

/// A var's type name, `?` for a var beyond the function's table.
fn type_name(func: &Function, var: Var) -> &'static str {
    func.vars.get(var.0 as usize).map_or("?", |t| t.name())
}

fn join<T: fmt::Display>(items: impl IntoIterator<Item = T>) -> String {
    items.into_iter().map(|item| item.to_string()).collect::<Vec<_>>().join(", ")
}

/// Whether a helper or exception name prints without quotes.
pub(super) fn is_bare_name(name: &str) -> bool {
    !name.is_empty() && name.chars().all(|c| c.is_ascii_alphanumeric() || matches!(c, '_' | '.'))
}

fn write_name(f: &mut impl Write, name: &str) -> fmt::Result {
    if is_bare_name(name) {
        f.write_str(name)
    } else {
        write!(f, "{name:?}")
    }
}

fn float_text(value: f64) -> String {
    if value.is_nan() {
        format!("{:#018x}", value.to_bits())
    } else {
        format!("{value:?}")
    }
}

/// How a call names its callee: by its name when that is unambiguous.
fn callee_text(callee: u32, module: Option<&Module>) -> String {
    match module.and_then(|m| m.functions.get(callee as usize).map(|f| (m, &f.name))) {
        Some((m, name)) if m.functions.iter().filter(|f| &f.name == name).count() == 1 => format!("{name:?}"),
        _ => format!("fn{callee}"),
    }
}

/// One instruction as it prints (without indentation); `module` names callees.
pub(crate) fn op_text(op: &Op, func: &Function, module: Option<&Module>) -> String {
    let ty = |v: Var| type_name(func, v);
    match op {
        Op::Iconst { dst, value } => format!("{dst} = iconst.{} {value}", ty(*dst)),
        Op::Fconst { dst, value } => format!("{dst} = fconst {}", float_text(*value)),
        Op::Copy { dst, src } => format!("{dst} = copy {src}"),
        Op::Unary { op, dst, arg } if unary_shows_type(*op) => {
            format!("{dst} = {}.{} {arg}", mnemonic(&UNARY_OPS, *op), ty(*dst))
        }
        Op::Unary { op, dst, arg } => format!("{dst} = {} {arg}", mnemonic(&UNARY_OPS, *op)),
        Op::Binary { op, dst, lhs, rhs } => format!("{dst} = {} {lhs}, {rhs}", mnemonic(&BINARY_OPS, *op)),
        Op::Overflow { op, dst, overflow, lhs, rhs } => {
            format!("{dst}, {overflow} = {} {lhs}, {rhs}", mnemonic(&OVERFLOW_OPS, *op))
        }
        Op::Icmp { cc, dst, lhs, rhs } => format!("{dst} = icmp {} {lhs}, {rhs}", mnemonic(&INT_CCS, *cc)),
        Op::Fcmp { cc, dst, lhs, rhs } => format!("{dst} = fcmp {} {lhs}, {rhs}", mnemonic(&FLOAT_CCS, *cc)),
        Op::Select { dst, cond, if_true, if_false } => format!("{dst} = select {cond}, {if_true}, {if_false}"),
        Op::Load { dst, addr, offset } => format!("{dst} = load.{} {addr}{offset:+}", ty(*dst)),
        Op::Store { value, addr, offset } => format!("store.{} {value}, {addr}{offset:+}", ty(*value)),
        Op::CallHelper { dst, helper, args } => {
            let mut name = String::new();
            let _ = write_name(&mut name, helper);
            format!("{dst} = call_helper {name}({})", join(args))
        }
        Op::Call { dsts, callee, args } => {
            let call = format!("call {}({})", callee_text(*callee, module), join(args));
            if dsts.is_empty() {
                call
            } else {
                format!("{} = {call}", join(dsts))
            }
        }
        Op::ExitIf { cond, exit } => format!("exit_if {cond}, {exit}"),
        Op::PollPending { dst } => format!("{dst} = poll_pending"),
        Op::Depth { dst } => format!("{dst} = depth"),
    }
}

pub(crate) fn terminator_text(terminator: &Terminator) -> String {
    match terminator {
        Terminator::Jump(target) => format!("jump {target}"),
        Terminator::Brif { cond, then, otherwise } => format!("brif {cond}, {then}, {otherwise}"),
        Terminator::Return(values) if values.is_empty() => "return".to_owned(),
        Terminator::Return(values) => format!("return {}", join(values)),
        Terminator::Exit(exit) => format!("exit {exit}"),
    }
}
