//! The LIR interpreter: the reference every backend is compared against, so each op does
//! exactly what Cranelift does for the equivalent CLIF (wrapping ints, shift amounts
//! masked to the type's width, saturating float-to-int conversion, IEEE floats).
//!
//! Assumes a verified module: what the verifier rejects, or the lowering guarantees cannot
//! happen (a zero divisor, `MIN / -1`), gives [`RunError::Malformed`] rather than a panic.
//! Loads, stores and helper calls touch real memory and call real code, so the module's
//! addresses must be valid: `run` trusts them as native code would (it only refuses the
//! null page). Values are raw bits, one `u64` per var; `i1` and `i8` values are kept
//! normalized (`0..=1`, `0..=255`). Calls run on an explicit frame stack, so deep
//! recursion costs heap, not the host's stack, and `max_steps` bounds it.

use std::sync::atomic::Ordering;

use pynum_runtime::abi::{call_helper, to_word};

use super::*;

#[derive(Debug, Clone, PartialEq)]
pub enum RunOutcome {
    /// The function returned these result values (raw bits, one per result).
    Returned(Vec<u64>),
    /// It left with a status; `word` is `out[0]`: the deopt site's index for `Deopt`, the
    /// raise's index for `StaticRaise`, and 0 for every other status (for those the ABI
    /// leaves `out[0]` unspecified, so a backend comparison ignores it).
    Exited { status: Status, word: u64 },
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub enum RunError {
    /// More steps than allowed (a loop that does not end).
    StepLimit,
    /// The module is malformed in a way the verifier should have caught.
    Malformed(String),
}

impl std::fmt::Display for RunError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            RunError::StepLimit => f.write_str("step limit reached"),
            RunError::Malformed(message) => write!(f, "malformed LIR: {message}"),
        }
    }
}

impl std::error::Error for RunError {}

type Result<T> = std::result::Result<T, RunError>;

fn malformed<T>(message: impl Into<String>) -> Result<T> {
    Err(RunError::Malformed(message.into()))
}

/// Addresses below this are the null page: a load or store there is a lowering bug.
const NULL_PAGE: u64 = 4096;

/// Runs `module.functions[func]` with `args` (raw bits per parameter; `i1`/`i8` arguments
/// are truncated as [`pynum_runtime::abi::from_word`] does) and `depth` nested native calls
/// allowed. Every instruction and terminator executed, in every frame, is one step; more
/// than `max_steps` gives [`RunError::StepLimit`].
pub fn run(module: &Module, func: u32, args: &[u64], depth: i64, max_steps: u64) -> Result<RunOutcome> {
    let mut machine = Machine { module, frames: Vec::new(), steps: 0, max_steps };
    machine.push(func, args, depth, &[])?;
    machine.execute()
}

struct Frame<'m> {
    func: &'m Function,
    values: Vec<u64>,
    block: usize,
    /// The next instruction's index in the block (the terminator's when past the end).
    next: usize,
    depth: i64,
    /// The caller's vars that receive this frame's results.
    results_to: &'m [Var],
}

struct Machine<'m> {
    module: &'m Module,
    frames: Vec<Frame<'m>>,
    steps: u64,
    max_steps: u64,
}

/// What executing one instruction asks the machine to do next.
enum Flow<'m> {
    Next,
    Call { callee: u32, args: Vec<u64>, dsts: &'m [Var] },
    Exit(Exit),
}

impl<'m> Machine<'m> {
    fn push(&mut self, func: u32, args: &[u64], depth: i64, results_to: &'m [Var]) -> Result<()> {
        let Some(function) = self.module.functions.get(func as usize) else {
            return malformed(format!("no function fn{func}"));
        };
        if args.len() != function.params.len() {
            return malformed(format!(
                "{:?} takes {} arguments, got {}",
                function.name,
                function.params.len(),
                args.len()
            ));
        }
        let mut frame =
            Frame { func: function, values: vec![0; function.vars.len()], block: 0, next: 0, depth, results_to };
        for (param, arg) in function.params.iter().zip(args) {
            frame.set(*param, *arg)?;
        }
        self.frames.push(frame);
        Ok(())
    }

    fn execute(&mut self) -> Result<RunOutcome> {
        loop {
            self.steps += 1;
            if self.steps > self.max_steps {
                return Err(RunError::StepLimit);
            }
            let Some(frame) = self.frames.last_mut() else { return malformed("no frame to run") };
            let Some(block) = frame.func.blocks.get(frame.block) else {
                return malformed(format!("{:?} has no block{}", frame.func.name, frame.block));
            };
            let exit = if let Some(inst) = block.insts.get(frame.next) {
                frame.next += 1;
                match frame.step(&inst.op)? {
                    Flow::Next => continue,
                    Flow::Call { callee, args, dsts } => {
                        let depth = frame.depth.wrapping_sub(1);
                        self.push(callee, &args, depth, dsts)?;
                        continue;
                    }
                    Flow::Exit(exit) => exit,
                }
            } else {
                match &block.terminator {
                    Terminator::Jump(target) => {
                        frame.goto(*target);
                        continue;
                    }
                    Terminator::Brif { cond, then, otherwise } => {
                        let target = if frame.get(*cond)? != 0 { *then } else { *otherwise };
                        frame.goto(target);
                        continue;
                    }
                    Terminator::Return(values) => {
                        if let Some(outcome) = self.ret(values)? {
                            return Ok(outcome);
                        }
                        continue;
                    }
                    Terminator::Exit(exit) => *exit,
                }
            };
            // A callee's exit leaves every caller with the same status and word.
            return match exit {
                Exit::Deopt(site) => Ok(RunOutcome::Exited { status: Status::Deopt, word: site.into() }),
                Exit::Raise(index) => Ok(RunOutcome::Exited { status: Status::StaticRaise, word: index.into() }),
                // No next tier here: the reference interpreter reports where code would
                // resume, not the variables it would carry.
                Exit::TierUp(resume) => Ok(RunOutcome::Exited { status: Status::TierUp, word: resume.0.into() }),
                Exit::Status(status @ (Status::Ok | Status::Deopt | Status::StaticRaise | Status::TierUp)) => {
                    malformed(format!("exit with status {status:?}"))
                }
                Exit::Status(status) => Ok(RunOutcome::Exited { status, word: 0 }),
            };
        }
    }

    /// Returns `values` from the innermost frame: the outcome when it was the outermost.
    fn ret(&mut self, values: &[Var]) -> Result<Option<RunOutcome>> {
        let Some(frame) = self.frames.pop() else { return malformed("no frame to return from") };
        let func = frame.func;
        if values.len() != func.results.len() {
            return malformed(format!(
                "{:?} returns {} values for {} results",
                func.name,
                values.len(),
                func.results.len()
            ));
        }
        let bits = values
            .iter()
            .zip(&func.results)
            .map(|(v, ty)| Ok(to_word(frame.get(*v)?, *ty)))
            .collect::<Result<Vec<u64>>>()?;
        let Some(caller) = self.frames.last_mut() else { return Ok(Some(RunOutcome::Returned(bits))) };
        if frame.results_to.len() != bits.len() {
            return malformed(format!(
                "a call of {:?} takes {} results into {} vars",
                func.name,
                bits.len(),
                frame.results_to.len()
            ));
        }
        for (dst, value) in frame.results_to.iter().zip(bits) {
            caller.set(*dst, value)?;
        }
        Ok(None)
    }
}

/// An int's bits read as signed at its width (`i8` sign-extends; `i1` is 0 or 1 as CLIF's
/// `i8` holding it is).
fn signed(bits: u64, ty: MType) -> i64 {
    match ty {
        MType::I8 => bits as u8 as i8 as i64,
        _ => bits as i64,
    }
}

fn float(bits: u64) -> f64 {
    f64::from_bits(bits)
}

impl<'m> Frame<'m> {
    fn ty(&self, var: Var) -> Result<MType> {
        match self.func.vars.get(var.0 as usize) {
            Some(ty) => Ok(*ty),
            None => malformed(format!("{var} is beyond {:?}'s vars", self.func.name)),
        }
    }

    fn get(&self, var: Var) -> Result<u64> {
        match self.values.get(var.0 as usize) {
            Some(bits) => Ok(*bits),
            None => malformed(format!("{var} is beyond {:?}'s vars", self.func.name)),
        }
    }

    /// Assigns `bits` truncated to the var's type, as a CLIF value of that type holds them.
    fn set(&mut self, var: Var, bits: u64) -> Result<()> {
        let ty = self.ty(var)?;
        self.values[var.0 as usize] = to_word(bits, ty);
        Ok(())
    }

    fn goto(&mut self, target: Block) {
        self.block = target.0 as usize;
        self.next = 0;
    }

    fn step(&mut self, op: &'m Op) -> Result<Flow<'m>> {
        match op {
            Op::Iconst { dst, value } => self.set(*dst, *value as u64)?,
            Op::Fconst { dst, value } => self.set(*dst, value.to_bits())?,
            Op::Copy { dst, src } => self.set(*dst, self.get(*src)?)?,
            Op::Unary { op, dst, arg } => {
                let bits = unary(*op, self.get(*arg)?, self.ty(*arg)?);
                self.set(*dst, bits)?;
            }
            Op::Binary { op, dst, lhs, rhs } => {
                let bits = binary(*op, self.get(*lhs)?, self.get(*rhs)?, self.ty(*lhs)?)?;
                self.set(*dst, bits)?;
            }
            Op::Overflow { op, dst, overflow, lhs, rhs } => {
                let (a, b) = (self.get(*lhs)? as i64, self.get(*rhs)? as i64);
                let (result, overflowed) = match op {
                    OverflowOp::Sadd => a.overflowing_add(b),
                    OverflowOp::Ssub => a.overflowing_sub(b),
                    OverflowOp::Smul => a.overflowing_mul(b),
                };
                self.set(*dst, result as u64)?;
                self.set(*overflow, overflowed.into())?;
            }
            Op::Icmp { cc, dst, lhs, rhs } => {
                let ty = self.ty(*lhs)?;
                let (a, b) = (self.get(*lhs)?, self.get(*rhs)?);
                let (sa, sb) = (signed(a, ty), signed(b, ty));
                let holds = match cc {
                    IntCC::Eq => a == b,
                    IntCC::Ne => a != b,
                    IntCC::Slt => sa < sb,
                    IntCC::Sle => sa <= sb,
                    IntCC::Sgt => sa > sb,
                    IntCC::Sge => sa >= sb,
                    IntCC::Ult => a < b,
                    IntCC::Ule => a <= b,
                    IntCC::Ugt => a > b,
                    IntCC::Uge => a >= b,
                };
                self.set(*dst, holds.into())?;
            }
            Op::Fcmp { cc, dst, lhs, rhs } => {
                let (a, b) = (float(self.get(*lhs)?), float(self.get(*rhs)?));
                let unordered = a.is_nan() || b.is_nan();
                let holds = match cc {
                    FloatCC::Eq => a == b,
                    FloatCC::Ne => a != b,
                    FloatCC::Lt => a < b,
                    FloatCC::Le => a <= b,
                    FloatCC::Gt => a > b,
                    FloatCC::Ge => a >= b,
                    FloatCC::Ord => !unordered,
                    FloatCC::Uno => unordered,
                    FloatCC::UgeOrUno => unordered || a >= b,
                };
                self.set(*dst, holds.into())?;
            }
            Op::Select { dst, cond, if_true, if_false } => {
                let chosen = if self.get(*cond)? != 0 { *if_true } else { *if_false };
                self.set(*dst, self.get(chosen)?)?;
            }
            Op::Load { dst, addr, offset } => {
                let address = self.address(*addr, *offset)?;
                let ty = self.ty(*dst)?;
                // SAFETY: the module's addresses are valid for what it does with them (the
                // caller's contract, as for native code); unaligned reads are allowed.
                let bits = unsafe {
                    match ty.size() {
                        1 => std::ptr::read_unaligned(address as *const u8) as u64,
                        _ => std::ptr::read_unaligned(address as *const u64),
                    }
                };
                // A byte holding anything but 0 is true, as `brif` and `select` read it.
                let bits = if ty == MType::I1 { (bits != 0).into() } else { bits };
                self.set(*dst, bits)?;
            }
            Op::Store { value, addr, offset } => {
                let address = self.address(*addr, *offset)?;
                let bits = self.get(*value)?;
                // SAFETY: as for loads.
                unsafe {
                    match self.ty(*value)?.size() {
                        1 => std::ptr::write_unaligned(address as *mut u8, bits as u8),
                        _ => std::ptr::write_unaligned(address as *mut u64, bits),
                    }
                }
            }
            Op::CallHelper { dst, helper, args } => {
                let Some(helper) = super::helper(helper) else { return malformed(format!("no helper {helper:?}")) };
                if args.len() != helper.params.len() {
                    return malformed(format!(
                        "{} takes {} arguments, got {}",
                        helper.symbol,
                        helper.params.len(),
                        args.len()
                    ));
                }
                let args = args.iter().map(|a| self.get(*a)).collect::<Result<Vec<_>>>()?;
                // SAFETY: the argument count matches the signature; pointer arguments are
                // the module's, valid by the caller's contract.
                let result = unsafe { call_helper(&helper, &args) };
                self.set(*dst, result)?;
            }
            Op::Call { dsts, callee, args } => {
                let args = args.iter().map(|a| self.get(*a)).collect::<Result<Vec<_>>>()?;
                return Ok(Flow::Call { callee: *callee, args, dsts });
            }
            Op::ExitIf { cond, exit } => {
                if self.get(*cond)? != 0 {
                    return Ok(Flow::Exit(*exit));
                }
            }
            Op::PollPending { dst } => {
                let poll = &pynum_runtime::POLL;
                let pending = poll.interrupt.load(Ordering::Relaxed) || poll.tier_up.load(Ordering::Relaxed);
                self.set(*dst, pending.into())?;
            }
            Op::Depth { dst } => self.set(*dst, self.depth as u64)?,
        }
        Ok(Flow::Next)
    }

    fn address(&self, addr: Var, offset: i32) -> Result<u64> {
        let address = self.get(addr)?.wrapping_add(offset as i64 as u64);
        if address < NULL_PAGE {
            return malformed(format!("access to address {address:#x} ({addr}{offset:+})"));
        }
        Ok(address)
    }
}

fn unary(op: UnaryOp, a: u64, arg_ty: MType) -> u64 {
    let f = |g: fn(f64) -> f64| g(float(a)).to_bits();
    match op {
        UnaryOp::Ineg => (a as i64).wrapping_neg() as u64,
        // On i1 the truncation to one bit makes it a logical not.
        UnaryOp::Bnot => !a,
        UnaryOp::Iabs => (signed(a, arg_ty)).wrapping_abs() as u64,
        UnaryOp::Fneg => f(|x| -x),
        UnaryOp::Fabs => f(f64::abs),
        UnaryOp::Sqrt => f(f64::sqrt),
        UnaryOp::Floor => f(f64::floor),
        UnaryOp::Ceil => f(f64::ceil),
        UnaryOp::Trunc => f(f64::trunc),
        UnaryOp::Nearest => f(f64::round_ties_even),
        // Values are held zero-extended; the destination's width truncates a reduction.
        UnaryOp::Uextend | UnaryOp::Ireduce | UnaryOp::Bitcast => a,
        UnaryOp::FcvtFromSint => (signed(a, arg_ty) as f64).to_bits(),
        // Rust's `as` saturates and maps NaN to 0, as `fcvt_to_sint_sat` does.
        UnaryOp::FcvtToSintSat => (float(a) as i64) as u64,
    }
}

fn binary(op: BinaryOp, a: u64, b: u64, ty: MType) -> Result<u64> {
    let (sa, sb) = (signed(a, ty), signed(b, ty));
    // CLIF masks a shift amount to the type's width.
    let width_mask = if ty.size() == 1 { 7 } else { 63 };
    let amount = (b & width_mask) as u32;
    let f = |g: fn(f64, f64) -> f64| g(float(a), float(b)).to_bits();
    let nonzero = |result: Option<i64>| match result {
        Some(value) => Ok(value as u64),
        None => malformed(format!("{op:?} of {sa} by {sb}")),
    };
    Ok(match op {
        BinaryOp::Iadd => a.wrapping_add(b),
        BinaryOp::Isub => a.wrapping_sub(b),
        BinaryOp::Imul => a.wrapping_mul(b),
        BinaryOp::Sdiv => nonzero(sa.checked_div(sb))?,
        BinaryOp::Srem => nonzero(sa.checked_rem(sb))?,
        BinaryOp::Udiv => nonzero(a.checked_div(b).map(|q| q as i64))?,
        BinaryOp::Urem => nonzero(a.checked_rem(b).map(|r| r as i64))?,
        BinaryOp::Band => a & b,
        BinaryOp::Bor => a | b,
        BinaryOp::Bxor => a ^ b,
        BinaryOp::Ishl => a << amount,
        BinaryOp::Sshr => (sa >> amount) as u64,
        BinaryOp::Ushr => a >> amount,
        BinaryOp::Fadd => f(|x, y| x + y),
        BinaryOp::Fsub => f(|x, y| x - y),
        BinaryOp::Fmul => f(|x, y| x * y),
        BinaryOp::Fdiv => f(|x, y| x / y),
    })
}

#[cfg(test)]
mod tests {
    use super::*;

    const DEPTH: i64 = 100;
    const STEPS: u64 = 100_000;

    fn module(text: &str) -> Module {
        let module = parse_module(text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        verify(&module).unwrap_or_else(|e| panic!("{e}\n{text}"));
        module
    }

    /// Runs the text's first function, which must verify.
    fn run_text(text: &str, args: &[u64]) -> Result<RunOutcome> {
        run(&module(text), 0, args, DEPTH, STEPS)
    }

    fn returned(text: &str, args: &[u64]) -> Vec<u64> {
        match run_text(text, args) {
            Ok(RunOutcome::Returned(values)) => values,
            other => panic!("{other:?} from {args:?} in\n{text}"),
        }
    }

    /// `op` applied to two values of `ty`, giving a `result` (the bits).
    fn binary_text(op: &str, ty: &str, result: &str) -> String {
        format!("function \"t\"(v0: {ty}, v1: {ty}) -> {result}\n  vars v2: {result}\nblock0:\n  v2 = {op} v0, v1\n  return v2\n")
    }

    fn binary(op: &str, ty: &str, a: u64, b: u64) -> u64 {
        let result = if op.starts_with("icmp") || op.starts_with("fcmp") { "i1" } else { ty };
        returned(&binary_text(op, ty, result), &[a, b])[0]
    }

    fn unary(op: &str, from: &str, to: &str, a: u64) -> u64 {
        let text =
            format!("function \"t\"(v0: {from}) -> {to}\n  vars v1: {to}\nblock0:\n  v1 = {op} v0\n  return v1\n");
        returned(&text, &[a])[0]
    }

    fn f(x: f64) -> u64 {
        x.to_bits()
    }

    fn i(x: i64) -> u64 {
        x as u64
    }

    #[test]
    fn integer_arithmetic_wraps_as_clif_does() {
        assert_eq!(binary("iadd", "i64", i(i64::MAX), 1), i(i64::MIN));
        assert_eq!(binary("isub", "i64", i(i64::MIN), 1), i(i64::MAX));
        assert_eq!(binary("imul", "i64", 1 << 62, 4), 0);
        assert_eq!(binary("sdiv", "i64", i(-7), 2), i(-3));
        assert_eq!(binary("srem", "i64", i(-7), 2), i(-1));
        assert_eq!(binary("udiv", "i64", i(-1), 2), u64::MAX / 2);
        assert_eq!(binary("urem", "i64", i(-1), 10), 5);
        assert_eq!(binary("ishl", "i64", 3, 65), 6, "the amount is masked to 63");
        assert_eq!(binary("sshr", "i64", i(-8), 1), i(-4));
        assert_eq!(binary("ushr", "i64", i(-1), 60), 15);
        assert_eq!(binary("band", "i8", 0xf0, 0x3c), 0x30);
        assert_eq!(binary("bor", "i1", 0, 1), 1);
        assert_eq!(binary("bxor", "i1", 1, 1), 0);
        assert_eq!(binary("icmp slt", "i8", 255, 1), 1, "i8 255 is -1");
        assert_eq!(binary("icmp ult", "i8", 255, 1), 0);
        assert_eq!(binary("icmp sge", "i64", i(-1), 0), 0);
        assert_eq!(binary("icmp uge", "i64", i(-1), 0), 1);
        assert_eq!(binary("icmp ne", "ptr", 8, 8), 0);
        assert_eq!(unary("ineg", "i64", "i64", i(i64::MIN)), i(i64::MIN));
        assert_eq!(unary("iabs", "i64", "i64", i(i64::MIN)), i(i64::MIN));
        assert_eq!(unary("iabs", "i64", "i64", i(-5)), 5);
        assert_eq!(unary("bnot", "i1", "i1", 1), 0);
        assert_eq!(unary("bnot", "i1", "i1", 0), 1);
        assert_eq!(unary("bnot", "i8", "i8", 0), 255);
        assert_eq!(unary("uextend.i64", "i8", "i64", 0x1ff), 255, "arguments are truncated to their type");
        assert_eq!(unary("uextend.i8", "i1", "i8", 1), 1);
        assert_eq!(unary("ireduce.i8", "i64", "i8", 0x1234), 0x34);
        assert_eq!(unary("ireduce.i1", "i8", "i1", 2), 0);
        let text = "function \"t\"() -> i8, i1\n  vars v0: i8, v1: i1\nblock0:\n  v0 = iconst.i8 -1\n  v1 = iconst.i1 1\n  return v0, v1\n";
        assert_eq!(returned(text, &[]), [255, 1]);
    }

    #[test]
    fn division_the_lowering_rules_out_is_malformed() {
        for (op, a, b) in [
            ("sdiv", 1, 0),
            ("srem", 1, 0),
            ("sdiv", i(i64::MIN), i(-1)),
            ("srem", i(i64::MIN), i(-1)),
            ("udiv", 1, 0),
            ("urem", 1, 0),
        ] {
            let result = run_text(&binary_text(op, "i64", "i64"), &[a, b]);
            assert!(matches!(result, Err(RunError::Malformed(_))), "{op} {a} {b}: {result:?}");
        }
    }

    #[test]
    fn floats_follow_ieee_and_clif() {
        let nan = f64::NAN.to_bits();
        assert_eq!(binary("fadd", "f64", f(0.1), f(0.2)), f(0.30000000000000004));
        assert_eq!(binary("fdiv", "f64", f(1.0), f(-0.0)), f(f64::NEG_INFINITY));
        assert_eq!(binary("fsub", "f64", f(1.0), f(1.0)), f(0.0));
        assert_eq!(binary("fmul", "f64", f(-2.0), f(0.0)), f(-0.0));
        for (cc, with_nan, one_two) in [
            ("eq", 0, 0),
            ("ne", 1, 1),
            ("lt", 0, 1),
            ("le", 0, 1),
            ("gt", 0, 0),
            ("ge", 0, 0),
            ("ord", 0, 1),
            ("uno", 1, 0),
            ("uge", 1, 0),
        ] {
            assert_eq!(binary(&format!("fcmp {cc}"), "f64", nan, f(1.0)), with_nan, "{cc} with NaN");
            assert_eq!(binary(&format!("fcmp {cc}"), "f64", f(1.0), f(2.0)), one_two, "{cc} 1 2");
        }
        let unary_f = |op: &str, x: f64| f64::from_bits(unary(op, "f64", "f64", f(x)));
        assert_eq!(unary_f("nearest", 2.5), 2.0);
        assert_eq!(unary_f("nearest", 3.5), 4.0);
        assert!(unary_f("nearest", -0.5).is_sign_negative());
        assert_eq!(unary_f("floor", -1.5), -2.0);
        assert_eq!(unary_f("ceil", -1.5), -1.0);
        assert_eq!(unary_f("trunc", -1.5), -1.0);
        assert_eq!(unary_f("sqrt", 2.25), 1.5);
        assert_eq!(unary_f("fabs", -3.0), 3.0);
        assert!(unary_f("fneg", 0.0).is_sign_negative());
        let to_int = |x: f64| unary("fcvt_to_sint_sat.i64", "f64", "i64", f(x)) as i64;
        assert_eq!(
            [to_int(f64::NAN), to_int(1e300), to_int(f64::NEG_INFINITY), to_int(-2.7)],
            [0, i64::MAX, i64::MIN, -2]
        );
        assert_eq!(unary("fcvt_from_sint.f64", "i64", "f64", i(-3)), f(-3.0));
        assert_eq!(unary("fcvt_from_sint.f64", "i64", "f64", i(i64::MAX)), f(9.223372036854776e18));
        assert_eq!(unary("bitcast.i64", "f64", "i64", f(1.0)), 0x3ff0_0000_0000_0000);
        assert_eq!(unary("bitcast.f64", "i64", "f64", nan), nan);
    }

    const COUNTING_LOOP: &str = "\
function \"sum_below(int64)\"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i1, v4: i64
block0:
  v1 = iconst.i64 0
  v2 = iconst.i64 0
  v4 = iconst.i64 1
  jump block1
block1:
  v3 = icmp slt v2, v0
  brif v3, block2, block3
block2:
  v1 = iadd v1, v2
  v2 = iadd v2, v4
  jump block1
block3:
  return v1
";

    #[test]
    fn a_counting_loop_counts() {
        assert_eq!(returned(COUNTING_LOOP, &[10]), [45]);
        assert_eq!(returned(COUNTING_LOOP, &[i(-3)]), [0]);
    }

    #[test]
    fn steps_are_bounded() {
        let module = module(COUNTING_LOOP);
        // 4 in the entry, then 2 per test and 3 per iteration, and the return.
        let steps = 4 + 10 * 5 + 2 + 1;
        assert_eq!(run(&module, 0, &[10], DEPTH, steps), Ok(RunOutcome::Returned(vec![45])));
        assert_eq!(run(&module, 0, &[10], DEPTH, steps - 1), Err(RunError::StepLimit));
        let forever = module_text_forever();
        assert_eq!(run(&forever, 0, &[], DEPTH, 1000), Err(RunError::StepLimit));
    }

    fn module_text_forever() -> Module {
        module("function \"forever\"()\nblock0:\n  jump block0\n")
    }

    /// Python's `a // b` on ints as the lowering spells it: a zero-division guard, the
    /// truncating quotient, and one less when the remainder's sign differs from `b`'s.
    const FLOOR_DIVIDE: &str = "\
function \"floordiv(int64, int64)\"(v0: i64, v1: i64) -> i64
  vars v2: i64, v3: i1, v4: i64, v5: i64, v6: i1, v7: i64, v8: i1, v9: i1, v10: i64, v11: i64
block0:
  ; line 2
  v2 = iconst.i64 0
  v3 = icmp eq v1, v2
  exit_if v3, status ZeroDivision
  v4 = sdiv v0, v1
  v5 = srem v0, v1
  v6 = icmp ne v5, v2
  v7 = bxor v5, v1
  v8 = icmp slt v7, v2
  v9 = band v6, v8
  v10 = uextend.i64 v9
  v11 = isub v4, v10
  return v11
";

    #[test]
    fn floor_division_rounds_down() {
        for (a, b, q) in [(7, 2, 3), (-7, 2, -4), (7, -2, -4), (-7, -2, 3), (-8, 2, -4), (0, -3, 0)] {
            assert_eq!(returned(FLOOR_DIVIDE, &[i(a), i(b)]), [i(q)], "{a} // {b}");
        }
        assert_eq!(run_text(FLOOR_DIVIDE, &[1, 0]), Ok(RunOutcome::Exited { status: Status::ZeroDivision, word: 0 }));
    }

    #[test]
    fn overflow_deoptimizes_and_select_picks() {
        let text = "\
deopt 0: \"an int left 64 bits\" line 3
deopt 1: \"a product left 64 bits\" line 4

function \"f(int64, int64)\"(v0: i64, v1: i64) -> i64
  vars v2: i64, v3: i1, v4: i64, v5: i1, v6: i64
block0:
  v2, v3 = sadd_overflow v0, v1
  exit_if v3, deopt 0
  v4, v5 = smul_overflow v0, v1
  exit_if v5, deopt 1
  v3 = icmp sgt v2, v4
  v6 = select v3, v2, v4
  return v6
";
        assert_eq!(returned(text, &[3, 4]), [12]);
        assert_eq!(returned(text, &[i(-3), 1]), [i(-2)]);
        assert_eq!(run_text(text, &[i(i64::MAX), 1]), Ok(RunOutcome::Exited { status: Status::Deopt, word: 0 }));
        assert_eq!(run_text(text, &[1 << 40, 1 << 40]), Ok(RunOutcome::Exited { status: Status::Deopt, word: 1 }));
    }

    #[test]
    fn helpers_are_the_runtimes() {
        let text = "\
function \"helpers\"(v0: f64, v1: f64, v2: i64, v3: i64) -> f64, f64, i64, i8
  vars v4: f64, v5: f64, v6: i64, v7: i8
block0:
  v4 = call_helper pynum_float_mod(v0, v1)
  v5 = call_helper pynum_math_log2(v1)
  v6 = call_helper pynum_int_pow(v2, v3)
  v7 = call_helper pynum_int_pow_fits(v2, v3)
  return v4, v5, v6, v7
";
        assert_eq!(returned(text, &[f(-7.0), f(8.0), 3, 4]), [f(1.0), f(3.0), 81, 1]);
        assert_eq!(returned(text, &[f(7.0), f(-2.0), 2, 70])[2..], [0, 0]);
    }

    #[test]
    fn loads_and_stores_reach_memory() {
        // Sums a `[len, items...]` buffer's items into its last word, and writes a byte.
        let text = "\
function \"sum_into_last\"(v0: ptr) -> i64, i8
  vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: ptr, v7: i64, v8: i8
block0:
  v1 = load.i64 v0+0
  v2 = iconst.i64 0
  v3 = iconst.i64 0
  jump block1
block1:
  v4 = icmp slt v3, v1
  brif v4, block2, block3
block2:
  v5 = iconst.i64 3
  v5 = ishl v3, v5
  v6 = iadd v0, v5
  v7 = load.i64 v6+8
  v2 = iadd v2, v7
  v5 = iconst.i64 1
  v3 = iadd v3, v5
  jump block1
block3:
  store.i64 v2, v0+32
  v8 = iconst.i8 -2
  store.i8 v8, v0+41
  v8 = load.i8 v0+8
  return v2, v8
";
        let mut buffer: Vec<u64> = vec![3, 0x1ff, 20, 30, 0, 0];
        let outcome = run_text(text, &[buffer.as_mut_ptr() as u64]);
        assert_eq!(outcome, Ok(RunOutcome::Returned(vec![0x1ff + 50, 0xff])));
        assert_eq!(buffer, [3, 0x1ff, 20, 30, 0x1ff + 50, 0xfe00], "little-endian byte 1 of word 5");
    }

    #[test]
    fn a_list_from_the_runtime_is_memory_too() {
        let text = "\
function \"new_list\"(v0: i64) -> i64, i64
  vars v1: ptr, v2: i64, v3: i64
block0:
  v1 = call_helper pynum_list_new(v0)
  store.i64 v0, v1+16
  v2 = load.i64 v1+0
  v3 = load.i64 v1+16
  return v2, v3
";
        assert_eq!(returned(text, &[4]), [4, 4]);
    }

    #[test]
    fn the_null_page_is_refused() {
        let text = "function \"t\"(v0: i64) -> i64\n  vars v1: i64\nblock0:\n  v1 = load.i64 v0+8\n  return v1\n";
        assert!(matches!(run_text(text, &[0]), Err(RunError::Malformed(m)) if m.contains("0x8")));
    }

    const CALL_CHAIN: &str = "\
raise 0: ValueError()
raise 1: ValueError(\"x must be positive\")

function \"outer\"(v0: i64) -> i64, i64
  vars v1: i64, v2: i64, v3: i64
block0:
  v1, v2 = call \"middle\"(v0)
  v3 = depth
  return v1, v3
block1:
  return v0, v0

function \"middle\"(v0: i64) -> i64, i64
  vars v1: i64, v2: i64
block0:
  v1 = call \"check\"(v0)
  v2 = depth
  return v1, v2

function \"check\"(v0: i64) -> i64
  vars v1: i64, v2: i1
block0:
  v1 = iconst.i64 0
  v2 = icmp slt v0, v1
  exit_if v2, raise 1
  return v0
";

    #[test]
    fn calls_pass_results_depth_and_exits() {
        let module = module(CALL_CHAIN);
        // `middle` returns its depth into `outer`'s v2, which `outer` drops for its own.
        assert_eq!(run(&module, 0, &[5], 10, STEPS), Ok(RunOutcome::Returned(vec![5, 10])));
        assert_eq!(run(&module, 1, &[5], 10, STEPS), Ok(RunOutcome::Returned(vec![5, 10])));
        assert_eq!(
            run(&module, 0, &[i(-5)], 10, STEPS),
            Ok(RunOutcome::Exited { status: Status::StaticRaise, word: 1 })
        );
        let depth_of_middle = "function \"m\"() -> i64\n  vars v0: i64\nblock0:\n  v0 = call \"d\"()\n  return v0\n\nfunction \"d\"() -> i64\n  vars v0: i64\nblock0:\n  v0 = depth\n  return v0\n";
        assert_eq!(run(&self::module(depth_of_middle), 0, &[], 10, STEPS), Ok(RunOutcome::Returned(vec![9])));
        assert!(matches!(run(&module, 0, &[], 10, STEPS), Err(RunError::Malformed(_))), "an argument is missing");
        assert!(matches!(run(&module, 3, &[], 10, STEPS), Err(RunError::Malformed(_))), "no fn3");
    }

    /// `sum(n) = n + sum(n - 1)` with the depth check the lowering emits at entry.
    const RECURSIVE_SUM: &str = "\
function \"sum(int64)\"(v0: i64) -> i64
  vars v1: i64, v2: i1, v3: i64, v4: i64, v5: i64
block0:
  v1 = depth
  v3 = iconst.i64 0
  v2 = icmp sle v1, v3
  exit_if v2, status RecursionLimit
  v2 = icmp eq v0, v3
  brif v2, block1, block2
block1:
  return v3
block2:
  v4 = iconst.i64 1
  v4 = isub v0, v4
  v5 = call \"sum(int64)\"(v4)
  v5 = iadd v5, v0
  return v5
";

    #[test]
    fn deep_recursion_runs_on_the_heap() {
        let module = module(RECURSIVE_SUM);
        assert_eq!(run(&module, 0, &[100_000], 200_000, 10_000_000), Ok(RunOutcome::Returned(vec![5_000_050_000])));
        assert_eq!(
            run(&module, 0, &[100], 50, STEPS),
            Ok(RunOutcome::Exited { status: Status::RecursionLimit, word: 0 })
        );
        assert_eq!(run(&module, 0, &[1_000_000], 2_000_000, 1000), Err(RunError::StepLimit));
    }

    #[test]
    fn the_poll_flags_are_read() {
        let text = "function \"t\"() -> i1\n  vars v0: i1\nblock0:\n  v0 = poll_pending\n  return v0\n";
        // Only read: setting the process-wide flags would disturb other tests.
        let poll = &pynum_runtime::POLL;
        let expected = u64::from(poll.interrupt.load(Ordering::Relaxed) || poll.tier_up.load(Ordering::Relaxed));
        assert_eq!(returned(text, &[]), [expected]);
    }

    #[test]
    fn malformed_modules_give_errors_not_panics() {
        let v = Var;
        let function = |insts: Vec<Op>, terminator| Function {
            name: "bad".into(),
            params: vec![],
            results: vec![MType::I64],
            vars: vec![MType::I64],
            blocks: vec![BlockData {
                insts: insts.into_iter().map(|op| Inst { op, line: 0 }).collect(),
                terminator,
                terminator_line: 0,
            }],
        };
        let cases = [
            function(vec![Op::Copy { dst: v(0), src: v(7) }], Terminator::Return(vec![v(0)])),
            function(
                vec![Op::CallHelper { dst: v(0), helper: "nope".into(), args: vec![] }],
                Terminator::Return(vec![v(0)]),
            ),
            function(
                vec![Op::CallHelper { dst: v(0), helper: "pynum_int_pow".into(), args: vec![] }],
                Terminator::Return(vec![v(0)]),
            ),
            function(vec![Op::Call { dsts: vec![], callee: 9, args: vec![] }], Terminator::Return(vec![v(0)])),
            function(vec![Op::Call { dsts: vec![], callee: 0, args: vec![v(0)] }], Terminator::Return(vec![v(0)])),
            function(vec![], Terminator::Jump(Block(4))),
            function(vec![], Terminator::Return(vec![])),
            function(vec![], Terminator::Exit(Exit::Status(Status::Ok))),
        ];
        for func in cases {
            let module = Module { functions: vec![func], ..Module::default() };
            let result = run(&module, 0, &[], DEPTH, STEPS);
            assert!(matches!(result, Err(RunError::Malformed(_))), "{module}: {result:?}");
        }
    }
}
