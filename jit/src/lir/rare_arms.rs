//! Which blocks of a function are the rare arm of a branch, for the backends' block
//! layout: a branch with one arm (its other edge goes straight to where the arm rejoins)
//! whose arm holds a guard. Lowering makes such arms for fix-ups that ordinary inputs skip
//! (a negative index wrapping around: `if not i <u len: i += len; exit_if not i <u len`),
//! and a guard marks a path that some inputs leave native code on. Laid out in line, the
//! common path jumped over the fix-up at every iteration: sieve's two loops each took
//! one more taken branch per byte than `gcc -O2`'s. LLVM weighs the branch
//! (`llvm.expect`), Cranelift moves the arm among its cold blocks.
//!
//! Assumes LIR's conventions ([`super`]): blocks take no parameters, and a tier-up's
//! resume block is also entered from outside the function.

use super::{Block, Function, Terminator};

/// `rare[b]` for each block `b` of `function`: whether it is the rare arm of a branch.
pub fn rare_arms(function: &Function) -> Vec<bool> {
    let predecessors = function.predecessor_counts();
    let mut rare = vec![false; function.blocks.len()];
    for (index, block) in function.blocks.iter().enumerate() {
        let Terminator::Brif { then, otherwise, .. } = block.terminator else { continue };
        for (arm, other) in [(then, otherwise), (otherwise, then)] {
            let data = &function.blocks[arm.0 as usize];
            let guarded = data.insts.iter().any(|inst| inst.op.is_guard());
            if arm != Block(index as u32)
                && arm != other
                && predecessors[arm.0 as usize] == 1
                && data.terminator == Terminator::Jump(other)
                && guarded
            {
                rare[arm.0 as usize] = true;
            }
        }
    }
    rare
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::lir::parse_module;

    /// `xs[i]` of a byte string as lowering makes it: the wrap of a negative index in
    /// block1, a one-armed branch around it.
    const INDEX: &str = "deopt 0: \"an index out of range\" line 1

function \"f\"(v0: ptr, v1: i64, v2: i64) -> i64
  vars v3: i1, v4: i64, v5: i1, v6: ptr, v7: i8, v8: i64
block0:
  v4 = copy v2
  v3 = icmp ult v2, v1
  brif v3, block2, block1
block1:
  v4 = iadd v2, v1
  v5 = icmp uge v4, v1
  exit_if v5, deopt 0
  jump block2
block2:
  v6 = iadd v0, v4
  v7 = load.i8 v6+0
  v8 = uextend.i64 v7
  return v8
";

    #[test]
    fn the_fix_up_of_a_negative_index_is_the_rare_arm() {
        let module = parse_module(INDEX).unwrap();
        assert_eq!(rare_arms(&module.functions[0]), [false, true, false]);
    }

    #[test]
    fn an_arm_without_a_guard_or_with_an_else_is_not_rare() {
        let unguarded = INDEX.replace("  exit_if v5, deopt 0\n", "");
        assert_eq!(rare_arms(&parse_module(&unguarded).unwrap().functions[0]), [false, false, false]);
        // block1 and block3 both arms of block0's branch, meeting at block2.
        let diamond = INDEX
            .replace("brif v3, block2, block1", "brif v3, block3, block1")
            .replace("  return v8\n", "  return v8\nblock3:\n  jump block2\n");
        assert_eq!(rare_arms(&parse_module(&diamond).unwrap().functions[0]), [false, false, false, false]);
    }
}
