//! Guards move out of the arms of a branch whose arms are otherwise plain arithmetic, so
//! that the backend can turn the branch into a select. Collatz's `n // 2 if n is even
//! else 3 * n + 1` keeps a range test (`3 * n` must fit 64 bits) in its odd arm; with it
//! there, LLVM must branch on `n`'s parity, which no predictor guesses, and the loop took
//! 50 ms against 43 ms for `gcc -O2`. With the test before the branch, as `exit_if
//! (odd and out of range)`, both arms are pure and LLVM selects with a `cmov`: 32 ms.
//!
//! Moving a guard to the end of the arm's only predecessor changes nothing a program can
//! see: the guard's condition is the same value (computed there from the same operands,
//! and'ed with the arm's branch condition), and only pure instructions that trap on no
//! input (no division, no shift by a variable amount, no load) are moved with it or past
//! it, so the same exit is taken, with the same effects done before it, whenever the arm
//! would have taken it. Guards keep their order within an arm; a guard that cannot move
//! stops the arm's scan, so a later guard never fires where an earlier one would have.
//! Only branches with two arms (an `if` with an `else`) qualify; see [`hoist`].
//!
//! Assumes LIR's conventions ([`super`]): variables are mutable, so only a variable
//! written once in the function and read only in the arm (a temporary of the arm's
//! expression) moves; the arm's writes of other variables stay in it, as copies the
//! backend's SSA construction turns into the select's operands.

use super::{BinaryOp, Block, Function, Inst, MType, Op, Terminator, UnaryOp, Var};

/// At most this many instructions other than constants and copies move out of one arm:
/// they run on both paths afterwards.
const MOVED_WORK_PER_ARM: usize = 8;

/// Moves the guards out of every qualifying branch arm of `function`; returns how many
/// guards moved.
pub fn hoist(function: &mut Function) -> usize {
    let facts = Facts::of(function);
    let mut moved = 0;
    for branch in 0..function.blocks.len() {
        let Terminator::Brif { cond, then, otherwise } = function.blocks[branch].terminator else { continue };
        if then == otherwise {
            continue;
        }
        let arms = [then, otherwise];
        let plans = arms.map(|arm| plan_arm(function, &facts, Block(branch as u32), arm));
        // Both arms plain and meeting at one block. A branch with one arm (the other
        // edge going to the join) is left alone: lowering makes those for rare fix-ups (a
        // negative index), where a branch predicts well and a select would put the
        // fix-up's work on every iteration's path (sieve's counting loop: 48.8 against
        // 57.6 ms end to end with its negative-index arm selected).
        match &plans {
            [Some(a), Some(b)] if a.join == b.join => {}
            _ => continue,
        }
        let mut negated: Option<Var> = None;
        for (arm, plan) in arms.into_iter().zip(plans) {
            let Some(plan) = plan.filter(|plan| plan.guards > 0) else { continue };
            moved += plan.guards;
            let line = function.blocks[branch].terminator_line;
            let taken = match arm == then {
                true => cond,
                false => *negated.get_or_insert_with(|| {
                    let not = new_var(function, MType::I1);
                    let op = Op::Unary { op: UnaryOp::Bnot, dst: not, arg: cond };
                    function.blocks[branch].insts.push(Inst { op, line });
                    not
                }),
            };
            let arm_insts = std::mem::take(&mut function.blocks[arm.0 as usize].insts);
            let (mut leaving, mut staying) = (Vec::new(), Vec::new());
            for (index, inst) in arm_insts.into_iter().enumerate() {
                match plan.moves.binary_search(&index).is_ok() {
                    true => leaving.push(inst),
                    false => staying.push(inst),
                }
            }
            function.blocks[arm.0 as usize].insts = staying;
            for inst in leaving {
                let Op::ExitIf { cond: guard, exit } = inst.op else {
                    function.blocks[branch].insts.push(inst);
                    continue;
                };
                let both = new_var(function, MType::I1);
                let and = Op::Binary { op: BinaryOp::Band, dst: both, lhs: taken, rhs: guard };
                function.blocks[branch].insts.push(Inst { op: and, line: inst.line });
                function.blocks[branch].insts.push(Inst { op: Op::ExitIf { cond: both, exit }, line: inst.line });
            }
        }
    }
    moved
}

fn new_var(function: &mut Function, ty: MType) -> Var {
    function.vars.push(ty);
    Var(function.vars.len() as u32 - 1)
}

/// What an arm would give up: the indices of its instructions that move (in order), how
/// many of them are guards, and the block it jumps to.
struct ArmPlan {
    moves: Vec<usize>,
    guards: usize,
    join: Block,
}

/// Where each variable is written and read: how many writes (parameters count as one),
/// the one block that reads it (`READ_IN_MANY` when several do), and each block's
/// predecessors.
struct Facts {
    writes: Vec<u32>,
    read_in: Vec<u32>,
    predecessors: Vec<u32>,
    /// The value of each variable written once, by an `iconst`.
    constant: Vec<Option<i64>>,
}

const READ_NOWHERE: u32 = u32::MAX;
const READ_IN_MANY: u32 = u32::MAX - 1;

impl Facts {
    fn of(function: &Function) -> Facts {
        let mut writes = vec![0u32; function.vars.len()];
        let mut read_in = vec![READ_NOWHERE; function.vars.len()];
        let mut constant = vec![None; function.vars.len()];
        for &param in &function.params {
            writes[param.0 as usize] += 1;
        }
        for (index, block) in function.blocks.iter().enumerate() {
            let mut read = |var: Var| {
                let slot = &mut read_in[var.0 as usize];
                *slot = match *slot {
                    READ_NOWHERE => index as u32,
                    same if same == index as u32 => same,
                    _ => READ_IN_MANY,
                };
            };
            for inst in &block.insts {
                if let Op::Iconst { dst, value } = inst.op {
                    constant[dst.0 as usize] = Some(value);
                }
                inst.op.for_each_def(|var| writes[var.0 as usize] += 1);
                inst.op.for_each_use(&mut read);
            }
            block.terminator.for_each_use(&mut read);
        }
        for (value, writes) in constant.iter_mut().zip(&writes) {
            if *writes != 1 {
                *value = None;
            }
        }
        Facts { writes, read_in, predecessors: function.predecessor_counts(), constant }
    }

    /// Whether `var` is a temporary of block `arm`: written once, read only there.
    fn is_temporary_of(&self, var: Var, arm: Block) -> bool {
        let read_in = self.read_in[var.0 as usize];
        self.writes[var.0 as usize] == 1 && (read_in == READ_NOWHERE || read_in == arm.0)
    }
}

/// Whether `op` computes a value from its operands alone, cheaply, and without trapping
/// or giving LLVM poison for any operands (so it may run on a path that did not ask
/// for it).
fn is_plain(op: &Op, function: &Function, facts: &Facts) -> bool {
    match op {
        Op::Iconst { .. } | Op::Fconst { .. } | Op::Copy { .. } | Op::Icmp { .. } | Op::Fcmp { .. } => true,
        Op::Select { .. } | Op::Overflow { .. } => true,
        Op::Unary { op, .. } => !matches!(op, UnaryOp::Sqrt),
        Op::Binary { op, lhs, rhs, .. } => match op {
            BinaryOp::Sdiv | BinaryOp::Srem | BinaryOp::Udiv | BinaryOp::Urem | BinaryOp::Fdiv => false,
            // An amount of 64 or more is poison to LLVM; the lowering guards variable ones.
            BinaryOp::Ishl | BinaryOp::Sshr | BinaryOp::Ushr => {
                let bits = match function.ty(*lhs) {
                    MType::I1 => 1,
                    ty => 8 * i64::from(ty.size()),
                };
                facts.constant[rhs.0 as usize].is_some_and(|amount| (0..bits).contains(&amount))
            }
            _ => true,
        },
        Op::Load { .. }
        | Op::Store { .. }
        | Op::CallHelper { .. }
        | Op::Call { .. }
        | Op::ExitIf { .. }
        | Op::PollPending { .. }
        | Op::Depth { .. } => false,
    }
}

/// What moving the guards out of `arm` (a successor of `branch`) would move, or `None`
/// when the arm is entered from elsewhere too, does not end in a jump, or would keep
/// anything but plain arithmetic and copies (a guard that cannot move, an effect): the
/// backend could not select over it, and nothing after it may move above it.
fn plan_arm(function: &Function, facts: &Facts, branch: Block, arm: Block) -> Option<ArmPlan> {
    if arm == branch || facts.predecessors[arm.0 as usize] != 1 {
        return None;
    }
    let block = &function.blocks[arm.0 as usize];
    let Terminator::Jump(join) = block.terminator else { return None };
    // Variables the arm writes in instructions that stay.
    let mut stays_written: Vec<Var> = Vec::new();
    let mut moves = Vec::new();
    let (mut guards, mut work) = (0, 0);
    for (index, inst) in block.insts.iter().enumerate() {
        let plain = is_plain(&inst.op, function, facts);
        let mut reads_staying = false;
        inst.op.for_each_use(|var| reads_staying |= stays_written.contains(&var));
        if !reads_staying {
            let mut temporaries = true;
            inst.op.for_each_def(|var| temporaries &= facts.is_temporary_of(var, arm));
            let counts_as_work = !matches!(inst.op, Op::Iconst { .. } | Op::Fconst { .. } | Op::Copy { .. });
            if inst.op.is_guard() {
                moves.push(index);
                guards += 1;
                continue;
            }
            if plain && temporaries && (!counts_as_work || work < MOVED_WORK_PER_ARM) {
                work += usize::from(counts_as_work);
                moves.push(index);
                continue;
            }
        }
        if !plain {
            return None;
        }
        inst.op.for_each_def(|var| stays_written.push(var));
    }
    Some(ArmPlan { moves, guards, join })
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lir::{parse_module, run, verify, Exit, Module};

    /// Collatz's step: `x >> 1` when `x` is even, else `3 * x` checked (deopt 0) plus
    /// one checked (deopt 1); `EVEN_ARM` and `ODD_ARM` are the arms' bodies.
    const STEP: &str = "deopt 0: \"an int left 64 bits\" line 1
deopt 1: \"an int left 64 bits\" line 1

function \"f\"(v0: i64) -> i64
  vars v1: i64, v2: i64, v3: i64, v4: i1, v5: i64, v6: i64, v7: i64, v8: i64, v9: i1, v10: i64
  vars v11: i64, v12: i64, v13: i1, v14: i64
block0:
  v1 = iconst.i64 1
  v2 = band v0, v1
  v3 = iconst.i64 0
  v4 = icmp eq v2, v3
  brif v4, block1, block2
block1:
EVEN_ARM  jump block3
block2:
ODD_ARM  jump block3
block3:
  return v10
";

    const EVEN: &str = "  v5 = iconst.i64 1
  v6 = sshr v0, v5
  v10 = copy v6
";

    const ODD: &str = "  v7 = iconst.i64 3
  v8, v9 = smul_overflow v0, v7
  exit_if v9, deopt 0
  v11 = iconst.i64 1
  v12, v13 = sadd_overflow v8, v11
  exit_if v13, deopt 1
  v10 = copy v12
";

    fn step(even: &str, odd: &str) -> Module {
        let text = STEP.replace("EVEN_ARM", even).replace("ODD_ARM", odd);
        parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"))
    }

    fn inputs() -> Vec<i64> {
        let third = i64::MAX / 3;
        let mut xs = vec![0, 1, 2, 3, -1, -2, -3, 7, 8, i64::MAX, i64::MIN, i64::MAX - 1, i64::MIN + 1];
        for edge in [third, -third, i64::MIN / 3] {
            xs.extend([edge - 2, edge - 1, edge, edge + 1, edge + 2]);
        }
        xs
    }

    /// Hoists in a copy of `module`'s function and checks that the copy verifies and
    /// behaves as the original on every input; returns the copy and how many guards moved.
    fn hoisted_agrees(module: &Module) -> (Module, usize) {
        let mut hoisted = module.clone();
        let moved = hoist(&mut hoisted.functions[0]);
        verify(&hoisted).unwrap_or_else(|e| panic!("{e}\n{hoisted}"));
        for x in inputs() {
            let expected = run(module, 0, &[x as u64], 8, 100).unwrap();
            assert_eq!(run(&hoisted, 0, &[x as u64], 8, 100).unwrap(), expected, "{x}\n{hoisted}");
        }
        (hoisted, moved)
    }

    #[test]
    fn the_guards_of_a_plain_arm_move_before_the_branch_and_fire_where_they_did() {
        let (hoisted, moved) = hoisted_agrees(&step(EVEN, ODD));
        assert_eq!(moved, 2);
        let function = &hoisted.functions[0];
        // The odd arm keeps only its copy into the result; the branch block leaves.
        assert_eq!(function.blocks[2].insts.len(), 1, "{hoisted}");
        let exits = function.blocks[0].insts.iter().filter(|i| matches!(i.op, Op::ExitIf { .. })).count();
        assert_eq!(exits, 2, "{hoisted}");
        // Guards in the then-arm are and'ed with the condition itself, not its negation.
        let swapped = STEP.replace("brif v4, block1, block2", "brif v4, block2, block1");
        let swapped = parse_module(&swapped.replace("EVEN_ARM", EVEN).replace("ODD_ARM", ODD)).unwrap();
        assert_eq!(hoisted_agrees(&swapped).1, 2);
    }

    #[test]
    fn a_branch_with_one_arm_keeps_its_guards() {
        // No else arm: the odd arm jumps to where the even path goes.
        let text = STEP
            .replace("EVEN_ARM  jump block3\n", "  jump block3\n")
            .replace("ODD_ARM", ODD)
            .replace("brif v4, block1, block2", "v10 = copy v0\n  brif v4, block3, block2");
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut hoisted = module.clone();
        assert_eq!(hoist(&mut hoisted.functions[0]), 0);
        assert_eq!(hoisted, module);
    }

    #[test]
    fn an_arm_with_effects_or_traps_keeps_its_guards() {
        let cases = [
            // A division the guard protects: moving the guard alone gains nothing, and the
            // division may not run where the guard would have left.
            ODD.replace("  v10 = copy v12\n", "  v14 = sdiv v0, v12\n  v10 = copy v14\n"),
            // A load stays in its arm (it may read what a guard checked the bounds of).
            ODD.replace("  v10 = copy v12\n", "  v10 = load.i64 v12+0\n"),
            // A shift by a variable amount may be poison to LLVM on the other path.
            ODD.replace("  v10 = copy v12\n", "  v10 = ishl v12, v0\n"),
            // A guard reading a variable the arm wrote in an instruction that stays.
            ODD.replace(
                "  exit_if v13, deopt 1\n",
                "  v0 = copy v12\n  v13 = icmp eq v0, v11\n  exit_if v13, deopt 1\n",
            ),
        ];
        for odd in &cases {
            let module = step(EVEN, odd);
            let mut hoisted = module.clone();
            assert_eq!(hoist(&mut hoisted.functions[0]), 0, "{odd}");
            assert_eq!(hoisted, module);
        }
    }

    #[test]
    fn an_arm_entered_from_elsewhere_keeps_its_guards() {
        // The even arm may jump into the odd arm too.
        let text =
            STEP.replace("EVEN_ARM  jump block3", "  v10 = copy v0\n  brif v4, block2, block3").replace("ODD_ARM", ODD);
        let module = parse_module(&text).unwrap_or_else(|e| panic!("{e}\n{text}"));
        let mut hoisted = module.clone();
        assert_eq!(hoist(&mut hoisted.functions[0]), 0);
    }

    #[test]
    fn guards_keep_their_order() {
        // Both guards fire for `i64::MAX`: the first (deopt 0) must still be the one taken.
        let (hoisted, _) = hoisted_agrees(&step(EVEN, ODD));
        let sites: Vec<u32> = hoisted.functions[0].blocks[0]
            .insts
            .iter()
            .filter_map(|i| match i.op {
                Op::ExitIf { exit: Exit::Deopt(site), .. } => Some(site),
                _ => None,
            })
            .collect();
        assert_eq!(sites, [0, 1]);
    }
}
