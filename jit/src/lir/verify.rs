//! The LIR verifier: checks everything a backend relies on (types of every operand, indices
//! into the module's tables, helper signatures, definite assignment), so a backend may
//! assume a verified module. A failure is a bug in the lowering; the message names the
//! function, the block and the instruction (as it prints).
//!
//! Type rules beyond the op docs in `mod.rs`: `ptr` and `i64` are interchangeable where an
//! address is read (load/store), at helper boundaries, and in `iadd`/`isub` with a `ptr`
//! result and left operand (pointer arithmetic); elsewhere types match exactly.

use std::fmt;

use fixedbitset::FixedBitSet;

use super::print::{op_text, terminator_text};
use super::*;
use MType::{Ptr, F64, I1, I64, I8};

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct VerifyError(pub String);

impl fmt::Display for VerifyError {
    fn fmt(&self, f: &mut fmt::Formatter<'_>) -> fmt::Result {
        f.write_str(&self.0)
    }
}

impl std::error::Error for VerifyError {}

type Result<T> = std::result::Result<T, String>;

pub fn verify(module: &Module) -> std::result::Result<(), VerifyError> {
    for func in &module.functions {
        let checker = Checker { module, func };
        checker.check().map_err(|message| VerifyError(format!("function {:?}: {message}", func.name)))?;
    }
    Ok(())
}

struct Checker<'a> {
    module: &'a Module,
    func: &'a Function,
}

/// Bits of an int type (for `uextend`/`ireduce`); `f64` is not an int.
fn int_width(ty: MType) -> Option<u32> {
    match ty {
        I1 => Some(1),
        I8 => Some(8),
        I64 | Ptr => Some(64),
        F64 => None,
    }
}

/// Whether a value of type `actual` may stand where `expected` is wanted across a helper
/// call or as an address: `ptr` and `i64` are one 64-bit word to every backend.
fn word_compatible(actual: MType, expected: MType) -> bool {
    actual == expected || matches!((actual, expected), (Ptr, I64) | (I64, Ptr))
}

impl Checker<'_> {
    fn check(&self) -> Result<()> {
        let func = self.func;
        if func.blocks.is_empty() {
            return Err("has no blocks".into());
        }
        for (i, param) in func.params.iter().enumerate() {
            self.ty(*param).map_err(|m| format!("param {i}: {m}"))?;
            if func.params[..i].contains(param) {
                return Err(format!("param {param} appears twice"));
            }
        }
        for (b, block) in func.blocks.iter().enumerate() {
            for (i, inst) in block.insts.iter().enumerate() {
                self.check_op(&inst.op).map_err(|m| self.at_inst(b, i, m))?;
            }
            self.check_terminator(&block.terminator).map_err(|m| self.at_terminator(b, m))?;
        }
        self.check_definite_assignment()
    }

    fn at_inst(&self, block: usize, index: usize, message: String) -> String {
        let op = &self.func.blocks[block].insts[index].op;
        format!("block{block}, inst {index} `{}`: {message}", op_text(op, self.func, Some(self.module)))
    }

    fn at_terminator(&self, block: usize, message: String) -> String {
        format!("block{block}, terminator `{}`: {message}", terminator_text(&self.func.blocks[block].terminator))
    }

    fn ty(&self, var: Var) -> Result<MType> {
        self.func
            .vars
            .get(var.0 as usize)
            .copied()
            .ok_or_else(|| format!("{var} is beyond the function's {} vars", self.func.vars.len()))
    }

    /// `var` has type `expected`; `role` names it in the message.
    fn expect(&self, var: Var, expected: MType, role: &str) -> Result<()> {
        let actual = self.ty(var)?;
        if actual == expected {
            Ok(())
        } else {
            Err(format!("{role} {var} is {}, expected {}", actual.name(), expected.name()))
        }
    }

    fn expect_any(&self, var: Var, allowed: &[MType], role: &str) -> Result<MType> {
        let actual = self.ty(var)?;
        if allowed.contains(&actual) {
            Ok(actual)
        } else {
            let names: Vec<_> = allowed.iter().map(|t| t.name()).collect();
            Err(format!("{role} {var} is {}, expected {}", actual.name(), names.join(" or ")))
        }
    }

    fn check_op(&self, op: &Op) -> Result<()> {
        match op {
            Op::Iconst { dst, value } => {
                let ty = self.expect_any(*dst, &[I1, I8, I64, Ptr], "iconst's destination")?;
                let fits = match ty {
                    I1 => matches!(value, 0 | 1),
                    I8 => (-128..=255).contains(value),
                    _ => true,
                };
                if !fits {
                    return Err(format!("{value} does not fit an {}", ty.name()));
                }
            }
            Op::Fconst { dst, .. } => self.expect(*dst, F64, "fconst's destination")?,
            Op::Copy { dst, src } => self.expect(*src, self.ty(*dst)?, "the source")?,
            Op::Unary { op, dst, arg } => self.check_unary(*op, *dst, *arg)?,
            Op::Binary { op, dst, lhs, rhs } => self.check_binary(*op, *dst, *lhs, *rhs)?,
            Op::Overflow { dst, overflow, lhs, rhs, .. } => {
                self.expect(*dst, I64, "the result")?;
                self.expect(*overflow, I1, "the overflow flag")?;
                self.expect(*lhs, I64, "the left operand")?;
                self.expect(*rhs, I64, "the right operand")?;
            }
            Op::Icmp { cc, dst, lhs, rhs } => {
                let ty = self.ty(*lhs)?;
                if !ty.is_int() {
                    return Err(format!("icmp compares ints, the left operand {lhs} is {}", ty.name()));
                }
                // A signed ordering reads an i1 of 1 as -1 (LLVM does; Cranelift's i8 does
                // not): backends would disagree, so bools compare unsigned.
                if ty == I1 && matches!(cc, IntCC::Slt | IntCC::Sle | IntCC::Sgt | IntCC::Sge) {
                    return Err(format!("a signed ordering of the i1 {lhs}: bools compare unsigned"));
                }
                self.expect(*rhs, ty, "the right operand")?;
                self.expect(*dst, I1, "the destination")?;
            }
            Op::Fcmp { dst, lhs, rhs, .. } => {
                self.expect(*lhs, F64, "the left operand")?;
                self.expect(*rhs, F64, "the right operand")?;
                self.expect(*dst, I1, "the destination")?;
            }
            Op::Select { dst, cond, if_true, if_false } => {
                self.expect(*cond, I1, "the condition")?;
                let ty = self.ty(*dst)?;
                self.expect(*if_true, ty, "the true arm")?;
                self.expect(*if_false, ty, "the false arm")?;
            }
            Op::Load { dst, addr, .. } => {
                self.ty(*dst)?;
                self.expect_any(*addr, &[Ptr, I64], "the address")?;
            }
            Op::Store { value, addr, .. } => {
                self.ty(*value)?;
                self.expect_any(*addr, &[Ptr, I64], "the address")?;
            }
            Op::CallHelper { dst, helper, args } => {
                let helper = super::helper(helper).ok_or_else(|| format!("no helper is named {helper:?}"))?;
                if args.len() != helper.params.len() {
                    return Err(format!(
                        "{} takes {} arguments, got {}",
                        helper.symbol,
                        helper.params.len(),
                        args.len()
                    ));
                }
                for (i, (arg, param)) in args.iter().zip(helper.params).enumerate() {
                    let ty = self.ty(*arg)?;
                    if !word_compatible(ty, *param) {
                        return Err(format!(
                            "argument {i} {arg} is {}, {} takes {}",
                            ty.name(),
                            helper.symbol,
                            param.name()
                        ));
                    }
                }
                let ty = self.ty(*dst)?;
                if !word_compatible(ty, helper.result) {
                    return Err(format!(
                        "the destination {dst} is {}, {} returns {}",
                        ty.name(),
                        helper.symbol,
                        helper.result.name()
                    ));
                }
            }
            Op::Call { dsts, callee, args } => {
                let target = self
                    .module
                    .functions
                    .get(*callee as usize)
                    .ok_or_else(|| format!("no function fn{callee} in the module"))?;
                if args.len() != target.params.len() {
                    return Err(format!(
                        "{:?} takes {} arguments, got {}",
                        target.name,
                        target.params.len(),
                        args.len()
                    ));
                }
                for (i, (arg, param)) in args.iter().zip(&target.params).enumerate() {
                    let param_ty = target
                        .vars
                        .get(param.0 as usize)
                        .copied()
                        .ok_or_else(|| format!("the callee's param {param} has no type"))?;
                    self.expect(*arg, param_ty, &format!("argument {i}"))?;
                }
                if dsts.len() != target.results.len() {
                    return Err(format!(
                        "{:?} returns {} values, got {} destinations",
                        target.name,
                        target.results.len(),
                        dsts.len()
                    ));
                }
                for (i, (dst, result)) in dsts.iter().zip(&target.results).enumerate() {
                    self.expect(*dst, *result, &format!("destination {i}"))?;
                    if dsts[..i].contains(dst) {
                        return Err(format!("destination {dst} appears twice"));
                    }
                }
            }
            Op::ExitIf { cond, exit } => {
                self.expect(*cond, I1, "the condition")?;
                self.check_exit(*exit)?;
            }
            Op::PollPending { dst } => self.expect(*dst, I1, "the destination")?,
            Op::Depth { dst } => self.expect(*dst, I64, "the destination")?,
        }
        Ok(())
    }

    fn check_unary(&self, op: UnaryOp, dst: Var, arg: Var) -> Result<()> {
        let (dst_ty, arg_ty) = (self.ty(dst)?, self.ty(arg)?);
        let ok = match op {
            UnaryOp::Ineg | UnaryOp::Iabs => dst_ty == I64 && arg_ty == I64,
            UnaryOp::Bnot => dst_ty == arg_ty && dst_ty.is_int(),
            UnaryOp::Fneg
            | UnaryOp::Fabs
            | UnaryOp::Sqrt
            | UnaryOp::Floor
            | UnaryOp::Ceil
            | UnaryOp::Trunc
            | UnaryOp::Nearest => dst_ty == F64 && arg_ty == F64,
            UnaryOp::Uextend => matches!((int_width(arg_ty), int_width(dst_ty)), (Some(from), Some(to)) if from < to),
            UnaryOp::Ireduce => matches!((int_width(arg_ty), int_width(dst_ty)), (Some(from), Some(to)) if from > to),
            UnaryOp::FcvtFromSint => arg_ty == I64 && dst_ty == F64,
            UnaryOp::FcvtToSintSat => arg_ty == F64 && dst_ty == I64,
            UnaryOp::Bitcast => matches!((arg_ty, dst_ty), (I64, F64) | (F64, I64)),
        };
        if ok {
            return Ok(());
        }
        let rule = match op {
            UnaryOp::Ineg | UnaryOp::Iabs => "i64 -> i64",
            UnaryOp::Bnot => "an int to the same int",
            UnaryOp::Uextend => "a narrower int to a wider int",
            UnaryOp::Ireduce => "a wider int to a narrower int",
            UnaryOp::FcvtFromSint => "i64 -> f64",
            UnaryOp::FcvtToSintSat => "f64 -> i64",
            UnaryOp::Bitcast => "i64 <-> f64",
            _ => "f64 -> f64",
        };
        Err(format!(
            "{} -> {} does not fit {} ({rule})",
            arg_ty.name(),
            dst_ty.name(),
            super::print::mnemonic(&super::print::UNARY_OPS, op)
        ))
    }

    fn check_binary(&self, op: BinaryOp, dst: Var, lhs: Var, rhs: Var) -> Result<()> {
        use BinaryOp::*;
        let types = (self.ty(dst)?, self.ty(lhs)?, self.ty(rhs)?);
        let ok = match op {
            Fadd | Fsub | Fmul | Fdiv => types == (F64, F64, F64),
            Band | Bor | Bxor => types.0 == types.1 && types.1 == types.2 && matches!(types.0, I64 | I8 | I1),
            // Pointer arithmetic: an address plus or minus a byte count.
            Iadd | Isub if types == (Ptr, Ptr, I64) => true,
            _ => types == (I64, I64, I64),
        };
        if ok {
            return Ok(());
        }
        let rule = match op {
            Fadd | Fsub | Fmul | Fdiv => "f64",
            Band | Bor | Bxor => "i64, i8 or i1, all alike",
            Iadd | Isub => "i64 (or a ptr result and left operand with an i64 right one)",
            _ => "i64",
        };
        Err(format!(
            "{} = {}, {} does not fit {} ({rule})",
            types.0.name(),
            types.1.name(),
            types.2.name(),
            super::print::mnemonic(&super::print::BINARY_OPS, op)
        ))
    }

    fn check_exit(&self, exit: Exit) -> Result<()> {
        match exit {
            Exit::Deopt(site) if site as usize >= self.module.deopt_sites.len() => {
                Err(format!("deopt site {site} is beyond the module's {} sites", self.module.deopt_sites.len()))
            }
            Exit::Raise(index) if index as usize >= self.module.raises.len() => {
                Err(format!("raise {index} is beyond the module's {} raises", self.module.raises.len()))
            }
            Exit::Status(status @ (Status::Ok | Status::Deopt | Status::StaticRaise | Status::TierUp)) => Err(format!(
                "status {status:?} is not an exit status (deopts and raises name their table entry, tier_up its block)"
            )),
            Exit::TierUp(resume) if resume.0 as usize >= self.func.blocks.len() => {
                Err(format!("tier_up resumes at {resume}, which does not exist"))
            }
            Exit::TierUp(_) if !self.module.functions.first().is_some_and(|root| std::ptr::eq(root, self.func)) => {
                Err("tier_up outside the module's root function".into())
            }
            _ => Ok(()),
        }
    }

    fn check_terminator(&self, terminator: &Terminator) -> Result<()> {
        let target = |block: Block| {
            if (block.0 as usize) < self.func.blocks.len() {
                Ok(())
            } else {
                Err(format!("{block} does not exist"))
            }
        };
        match terminator {
            Terminator::Jump(block) => target(*block),
            Terminator::Brif { cond, then, otherwise } => {
                self.expect(*cond, I1, "the condition")?;
                target(*then)?;
                target(*otherwise)
            }
            Terminator::Return(values) => {
                if values.len() != self.func.results.len() {
                    return Err(format!(
                        "returns {} values, the function has {} results",
                        values.len(),
                        self.func.results.len()
                    ));
                }
                for (i, (value, ty)) in values.iter().zip(&self.func.results).enumerate() {
                    self.expect(*value, *ty, &format!("result {i}"))?;
                }
                Ok(())
            }
            Terminator::Exit(exit) => self.check_exit(*exit),
        }
    }

    /// Every use is preceded by an assignment on every path from the entry: a forward
    /// "must" dataflow whose state is the set of assigned vars (params at the entry), met
    /// by intersection. Unreachable blocks are not checked. Runs after the type checks,
    /// so every var is within the table.
    fn check_definite_assignment(&self) -> Result<()> {
        let func = self.func;
        let assigned_in = assigned_on_entry(func);
        for (b, block) in func.blocks.iter().enumerate() {
            let Some(mut assigned) = assigned_in[b].clone() else { continue };
            type ForEachUse<'u> = &'u dyn Fn(&mut dyn FnMut(Var));
            let first_unassigned = |assigned: &FixedBitSet, for_each_use: ForEachUse| {
                let mut found = None;
                for_each_use(&mut |v: Var| {
                    if found.is_none() && !assigned.contains(v.0 as usize) {
                        found = Some(v);
                    }
                });
                found
            };
            for (i, inst) in block.insts.iter().enumerate() {
                if let Some(var) = first_unassigned(&assigned, &|f| inst.op.for_each_use(f)) {
                    return Err(self.at_inst(b, i, format!("{var} may be used before it is assigned")));
                }
                inst.op.for_each_def(|def| assigned.insert(def.0 as usize));
            }
            if let Some(var) = first_unassigned(&assigned, &|f| block.terminator.for_each_use(f)) {
                return Err(self.at_terminator(b, format!("{var} may be used before it is assigned")));
            }
        }
        Ok(())
    }
}

/// For each block, the variables assigned on every path from the function's entry to
/// it (`None` for a block no path reaches): a forward "must" dataflow met by intersection,
/// the parameters assigned at the entry. Variables must be within the table.
pub(crate) fn assigned_on_entry(func: &Function) -> Vec<Option<FixedBitSet>> {
    let mut entry = FixedBitSet::with_capacity(func.vars.len());
    for param in &func.params {
        entry.insert(param.0 as usize);
    }
    // `None`: not reached yet (the top of the lattice).
    let mut assigned_in: Vec<Option<FixedBitSet>> = vec![None; func.blocks.len()];
    if assigned_in.is_empty() {
        return assigned_in;
    }
    assigned_in[0] = Some(entry);
    let mut worklist = vec![0usize];
    while let Some(b) = worklist.pop() {
        let Some(mut assigned) = assigned_in[b].clone() else { continue };
        for inst in &func.blocks[b].insts {
            inst.op.for_each_def(|def| assigned.insert(def.0 as usize));
        }
        for succ in func.blocks[b].terminator.successors() {
            let succ = succ.0 as usize;
            let changed = match &mut assigned_in[succ] {
                slot @ None => {
                    *slot = Some(assigned.clone());
                    true
                }
                Some(current) => {
                    let before = current.count_ones(..);
                    current.intersect_with(&assigned);
                    current.count_ones(..) != before
                }
            };
            if changed {
                worklist.push(succ);
            }
        }
    }
    assigned_in
}

/// Variables some path reads before assigning them.
pub(crate) fn maybe_unassigned_reads(func: &Function) -> FixedBitSet {
    let mut found = FixedBitSet::with_capacity(func.vars.len());
    for (block, assigned) in func.blocks.iter().zip(assigned_on_entry(func)) {
        let Some(mut assigned) = assigned else { continue };
        block.reads_before_writes(&mut assigned, |v| found.insert(v.0 as usize));
    }
    found
}

#[cfg(test)]
mod tests {
    use super::*;

    const TABLES: &str = "deopt 0: \"why\" line 1\nraise 0: ValueError()\n\n";
    /// Params of every type, assigned at entry; locals of every type, unassigned.
    const HEADER: &str = "function \"f\"(v0: i64, v1: i64, v2: f64, v3: i1, v4: i8, v5: ptr) -> i64\n  vars v6: i64, v7: f64, v8: i1, v9: i8, v10: ptr\n";
    const CALLEE: &str =
        "\nfunction \"g\"(v0: i64, v1: f64) -> i64, i1\n  vars v2: i1\nblock0:\n  v2 = iconst.i1 1\n  return v0, v2\n";

    fn check(blocks: &str) -> std::result::Result<(), VerifyError> {
        let text = format!("{TABLES}{HEADER}{blocks}{CALLEE}");
        verify(&parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}")))
    }

    /// One block of `insts` (a line each) returning `v0`.
    fn check_insts(insts: &str) -> std::result::Result<(), VerifyError> {
        let body: String = insts.lines().map(|l| format!("  {}\n", l.trim())).collect();
        check(&format!("block0:\n{body}  return v0\n"))
    }

    #[track_caller]
    fn rejects(insts: &str, fragment: &str) {
        match check_insts(insts) {
            Ok(()) => panic!("{insts:?} should be rejected ({fragment})"),
            Err(e) => assert!(e.0.contains(fragment), "{insts:?}: {e} should mention {fragment:?}"),
        }
    }

    #[track_caller]
    fn accepts(insts: &str) {
        if let Err(e) = check_insts(insts) {
            panic!("{insts:?} should verify: {e}");
        }
    }

    #[test]
    fn well_typed_code_verifies() {
        accepts(
            "v6 = iconst.i64 -3
             v8 = iconst.i1 1
             v9 = iconst.i8 -128
             v10 = iconst.ptr 4096
             v7 = fconst 2.5
             v6 = iadd v0, v1
             v10 = iadd v5, v0
             v9 = band v4, v4
             v8 = bxor v3, v3
             v6, v8 = smul_overflow v0, v6
             v8 = icmp ult v4, v9
             v8 = icmp eq v5, v10
             v8 = fcmp uge v2, v7
             v7 = select v8, v2, v7
             v6 = uextend.i64 v3
             v9 = uextend.i8 v3
             v8 = ireduce.i1 v9
             v9 = ireduce.i8 v5
             v7 = fcvt_from_sint.f64 v6
             v6 = fcvt_to_sint_sat.i64 v7
             v7 = bitcast.f64 v6
             v6 = bitcast.i64 v7
             v9 = bnot v9
             v6 = iabs v6
             v7 = nearest v7
             v6 = load.i64 v5+8
             v8 = load.i1 v0-1
             store.i8 v9, v10+0
             v7 = call_helper pynum_float_mod(v2, v7)
             v6 = call_helper pynum_list_new(v0)
             v10 = call_helper pynum_list_repeat(v6, v0)
             v9 = call_helper pynum_int_pow_fits(v0, v1)
             v6, v8 = call \"g\"(v0, v2)
             exit_if v8, deopt 0
             exit_if v8, raise 0
             exit_if v8, status ZeroDivision
             v8 = poll_pending
             v6 = depth",
        );
    }

    #[test]
    fn messages_name_the_function_block_and_instruction() {
        let error = check_insts("v6 = copy v0\nv6 = iadd v0, v2").unwrap_err();
        assert_eq!(
            error.to_string(),
            "function \"f\": block0, inst 1 `v6 = iadd v0, v2`: i64 = i64, f64 does not fit iadd \
             (i64 (or a ptr result and left operand with an i64 right one))"
        );
        let error = check("block0:\n  jump block1\nblock1:\n  return v2\n").unwrap_err();
        assert_eq!(
            error.to_string(),
            "function \"f\": block1, terminator `return v2`: result 0 v2 is f64, expected i64"
        );
    }

    #[test]
    fn operand_types_are_checked() {
        rejects("v6 = copy v99", "v99 is beyond the function's 11 vars");
        rejects("v6 = copy v2", "the source v2 is f64, expected i64");
        rejects("v8 = iconst.i1 2", "2 does not fit an i1");
        rejects("v9 = iconst.i8 256", "256 does not fit an i8");
        rejects("v6 = fconst 1.0", "fconst's destination v6 is i64, expected f64");
        rejects("v6 = sdiv v0, v4", "does not fit sdiv (i64)");
        rejects("v9 = ishl v4, v4", "does not fit ishl (i64)");
        rejects("v8 = bxor v3, v4", "does not fit bxor (i64, i8 or i1, all alike)");
        rejects("v6 = band v2, v2", "does not fit band");
        rejects("v7 = fadd v0, v1", "does not fit fadd (f64)");
        rejects("v6 = iadd v0, v5", "does not fit iadd");
        rejects("v8 = icmp eq v0, v4", "the right operand v4 is i8, expected i64");
        rejects("v8 = icmp slt v2, v2", "icmp compares ints");
        rejects("v8 = icmp sgt v3, v8", "a signed ordering of the i1 v3: bools compare unsigned");
        rejects("v6 = icmp eq v0, v1", "the destination v6 is i64, expected i1");
        rejects("v8 = fcmp lt v0, v2", "the left operand v0 is i64, expected f64");
        rejects("v6 = fcmp lt v2, v2", "the destination v6 is i64, expected i1");
        rejects("v6 = select v0, v0, v1", "the condition v0 is i64, expected i1");
        rejects("v6 = select v3, v0, v2", "the false arm v2 is f64, expected i64");
        rejects("v6, v9 = sadd_overflow v0, v1", "the overflow flag v9 is i8, expected i1");
        rejects("v7, v8 = ssub_overflow v0, v1", "the result v7 is f64, expected i64");
        rejects("v6, v8 = smul_overflow v0, v4", "the right operand v4 is i8, expected i64");
    }

    #[test]
    fn unary_conversions_are_checked() {
        rejects("v9 = uextend.i8 v0", "i64 -> i8 does not fit uextend (a narrower int to a wider int)");
        rejects("v10 = uextend.ptr v0", "does not fit uextend");
        rejects("v6 = ireduce.i64 v4", "does not fit ireduce (a wider int to a narrower int)");
        rejects("v7 = fcvt_from_sint.f64 v4", "does not fit fcvt_from_sint (i64 -> f64)");
        rejects("v6 = fcvt_to_sint_sat.i64 v0", "does not fit fcvt_to_sint_sat (f64 -> i64)");
        rejects("v7 = bitcast.f64 v4", "does not fit bitcast (i64 <-> f64)");
        rejects("v7 = ineg v2", "does not fit ineg (i64 -> i64)");
        rejects("v9 = iabs v4", "does not fit iabs");
        rejects("v7 = bnot v2", "does not fit bnot (an int to the same int)");
        rejects("v6 = sqrt v0", "does not fit sqrt (f64 -> f64)");
    }

    #[test]
    fn memory_and_calls_are_checked() {
        rejects("v6 = load.i64 v2+0", "the address v2 is f64, expected ptr or i64");
        rejects("store.i64 v0, v4+8", "the address v4 is i8, expected ptr or i64");
        rejects("v7 = call_helper pynum_no_such(v2)", "no helper is named \"pynum_no_such\"");
        rejects("v7 = call_helper pynum_float_mod(v2)", "pynum_float_mod takes 2 arguments, got 1");
        rejects("v7 = call_helper pynum_float_mod(v0, v2)", "argument 0 v0 is i64, pynum_float_mod takes f64");
        rejects("v6 = call_helper pynum_float_mod(v2, v2)", "the destination v6 is i64, pynum_float_mod returns f64");
        rejects("v6, v8 = call fn7(v0, v2)", "no function fn7 in the module");
        rejects("v6, v8 = call \"g\"(v0)", "\"g\" takes 2 arguments, got 1");
        rejects("v6, v8 = call \"g\"(v0, v1)", "argument 1 v1 is i64, expected f64");
        rejects("v6 = call \"g\"(v0, v2)", "\"g\" returns 2 values, got 1 destinations");
        rejects("v6, v9 = call \"g\"(v0, v2)", "destination 1 v9 is i8, expected i1");
        rejects("v8 = poll_pending\nv6 = poll_pending", "the destination v6 is i64, expected i1");
        rejects("v8 = depth", "the destination v8 is i1, expected i64");
    }

    #[test]
    fn exits_are_checked() {
        rejects("exit_if v0, deopt 0", "the condition v0 is i64, expected i1");
        rejects("exit_if v3, deopt 1", "deopt site 1 is beyond the module's 1 sites");
        rejects("exit_if v3, raise 2", "raise 2 is beyond the module's 1 raises");
        for status in ["Ok", "Deopt", "StaticRaise"] {
            rejects(&format!("exit_if v3, status {status}"), &format!("status {status} is not an exit status"));
        }
        let error = check("block0:\n  exit deopt 5\n").unwrap_err();
        assert!(check("block0:\n  exit tier_up block0\n").is_ok());
        let error_far = check("block0:\n  exit tier_up block3\n").unwrap_err();
        assert!(error_far.0.contains("tier_up resumes at block3, which does not exist"), "{error_far}");
        let in_callee =
            format!("{TABLES}{HEADER}block0:\n  return v0\n{}", CALLEE.replace("return v0, v2", "exit tier_up block0"));
        let error_callee = parse_module(&in_callee).map(|m| verify(&m)).unwrap().unwrap_err();
        assert!(error_callee.0.contains("tier_up outside the module's root function"), "{error_callee}");
        assert!(error.0.contains("terminator `exit deopt 5`: deopt site 5 is beyond"), "{error}");
    }

    #[test]
    fn terminators_are_checked() {
        let cases = [
            ("block0:\n  brif v0, block0, block0\n", "the condition v0 is i64, expected i1"),
            ("block0:\n  brif v3, block0, block2\n", "block2 does not exist"),
            ("block0:\n  jump block1\n", "block1 does not exist"),
            ("block0:\n  return v0, v1\n", "returns 2 values, the function has 1 results"),
            ("block0:\n  return v5\n", "result 0 v5 is ptr, expected i64"),
        ];
        for (blocks, fragment) in cases {
            let error = check(blocks).expect_err(blocks);
            assert!(error.0.contains(fragment), "{blocks:?}: {error} should mention {fragment:?}");
        }
    }

    #[test]
    fn functions_are_checked() {
        let module = parse_module("function \"twice\"(v0: i64, v0: i64)\nblock0:\n  return\n").unwrap();
        assert!(verify(&module).unwrap_err().0.contains("param v0 appears twice"));
        let module = parse_module("function \"empty\"()\n").unwrap();
        assert_eq!(verify(&module).unwrap_err().0, "function \"empty\": has no blocks");
        let module = parse_module("function \"beyond\"(v3: ?)\nblock0:\n  return\n").unwrap();
        assert!(verify(&module).unwrap_err().0.contains("param 0: v3 is beyond the function's 0 vars"));
    }

    #[test]
    fn vars_are_assigned_before_use_on_every_path() {
        rejects("v6 = iadd v0, v6", "inst 0 `v6 = iadd v0, v6`: v6 may be used before it is assigned");
        rejects("v6, v8 = call \"g\"(v0, v7)", "v7 may be used before it is assigned");
        // Assigned on one arm only.
        let one_arm =
            "block0:\n  brif v3, block1, block2\nblock1:\n  v6 = iconst.i64 1\n  jump block2\nblock2:\n  return v6\n";
        assert!(check(one_arm)
            .unwrap_err()
            .0
            .contains("block2, terminator `return v6`: v6 may be used before it is assigned"));
        // Assigned on both arms, and in a loop whose body reads it.
        accepts_blocks("block0:\n  brif v3, block1, block2\nblock1:\n  v6 = iconst.i64 1\n  jump block3\nblock2:\n  v6 = copy v0\n  jump block3\nblock3:\n  return v6\n");
        accepts_blocks("block0:\n  v6 = iconst.i64 0\n  jump block1\nblock1:\n  v6 = iadd v6, v0\n  v8 = icmp slt v6, v1\n  brif v8, block1, block2\nblock2:\n  return v6\n");
        // Assigned only inside the loop body, read at its head: not on the first entry.
        let loop_head = "block0:\n  jump block1\nblock1:\n  v8 = icmp slt v6, v1\n  v6 = iconst.i64 1\n  brif v8, block1, block2\nblock2:\n  return v6\n";
        assert!(check(loop_head).unwrap_err().0.contains("block1, inst 0"));
        // A definition after an exit_if still counts on the fall-through path; unreachable blocks are not checked.
        accepts_blocks("block0:\n  exit_if v3, deopt 0\n  v6 = copy v0\n  return v6\nblock1:\n  return v6\n");
    }

    #[track_caller]
    fn accepts_blocks(blocks: &str) {
        if let Err(e) = check(blocks) {
            panic!("{blocks:?} should verify: {e}");
        }
    }
}
