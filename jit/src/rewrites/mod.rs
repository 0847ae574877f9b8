//! Stage 3 (untyped) and stage 6 (typed) rewrites, after Numba's rewrite pass: each
//! rewrite has a quick `find` that returns its match as a value and an `apply` that
//! consumes the match and returns the replacement block. No state is kept on the rewrite
//! between the two.
//!
//! The registry is the explicit list in [`registry`]; the driver runs the rewrites of a
//! stage over a worklist of blocks to a fixpoint. Each application must move the block
//! out of the rewrite's pattern; if a block keeps matching past [`MAX_APPLICATIONS`], the
//! driver stops and names the rewrite instead of looping.

mod comprehension_cleanup;
mod const_fold;
mod list_append;
mod range_loop;
mod static_raise;

use std::collections::VecDeque;

use crate::ir::{Block, Function};

/// When a rewrite runs relative to type inference.
#[derive(Debug, Clone, Copy, PartialEq, Eq)]
pub enum Stage {
    BeforeTyping,
    AfterTyping,
}

/// One rewrite. `find` must be cheap: it runs on every block of every function.
pub trait Rewrite {
    type Match;
    const NAME: &'static str;
    const STAGE: Stage;
    fn find(&self, func: &Function, block: &Block) -> Option<Self::Match>;
    fn apply(&self, block: &Block, found: Self::Match) -> Block;
}

/// The object-safe face of a [`Rewrite`], so the registry can be a plain list.
pub trait RegisteredRewrite {
    fn name(&self) -> &'static str;
    fn stage(&self) -> Stage;
    fn rewrite(&self, func: &Function, block: &Block) -> Option<Block>;
}

impl<R: Rewrite> RegisteredRewrite for R {
    fn name(&self) -> &'static str {
        R::NAME
    }
    fn stage(&self) -> Stage {
        R::STAGE
    }
    fn rewrite(&self, func: &Function, block: &Block) -> Option<Block> {
        let found = self.find(func, block)?;
        Some(self.apply(block, found))
    }
}

/// Every rewrite pynum has, in the order they are tried.
pub fn registry() -> Vec<Box<dyn RegisteredRewrite>> {
    vec![
        Box::new(static_raise::StaticRaise),
        Box::new(range_loop::RangeLoop),
        Box::new(const_fold::ConstFold),
        Box::new(comprehension_cleanup::ComprehensionCleanup),
        Box::new(list_append::ListAppend),
    ]
}

/// A guard against rewrites that keep matching their own output.
pub const MAX_APPLICATIONS: usize = 10_000;

/// What one application changed, for `--dump-ir`'s `REWRITING:` sections.
#[derive(Debug, Clone)]
pub struct Applied {
    pub rewrite: &'static str,
    pub before: Block,
    pub after: Block,
}

#[derive(Debug, Clone, PartialEq, Eq)]
pub struct RewriteLoop {
    pub rewrite: &'static str,
    pub block: u32,
}

impl std::fmt::Display for RewriteLoop {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        write!(f, "rewrite `{}` did not terminate on block{}", self.rewrite, self.block)
    }
}

/// Runs the stage's rewrites to a fixpoint; `disabled` names rewrites to skip (for
/// bisecting a miscompile, as LuaJIT's `-O-name` does).
pub fn run(func: &mut Function, stage: Stage, disabled: &[&str]) -> Result<Vec<Applied>, RewriteLoop> {
    let rewrites: Vec<_> =
        registry().into_iter().filter(|r| r.stage() == stage && !disabled.contains(&r.name())).collect();
    let applied = run_rewrites(func, &rewrites)?;
    if applied.iter().any(|a| a.rewrite == <comprehension_cleanup::ComprehensionCleanup as Rewrite>::NAME) {
        comprehension_cleanup::drop_unreachable(func);
    }
    Ok(applied)
}

/// The driver proper, over any list of rewrites.
pub fn run_rewrites(func: &mut Function, rewrites: &[Box<dyn RegisteredRewrite>]) -> Result<Vec<Applied>, RewriteLoop> {
    let mut log = Vec::new();
    let mut worklist: VecDeque<usize> = (0..func.blocks.len()).collect();
    let mut applications = 0;
    while let Some(index) = worklist.pop_front() {
        for rewrite in rewrites {
            let Some(after) = rewrite.rewrite(func, &func.blocks[index]) else { continue };
            applications += 1;
            if applications > MAX_APPLICATIONS {
                return Err(RewriteLoop { rewrite: rewrite.name(), block: func.blocks[index].id.0 });
            }
            let before = std::mem::replace(&mut func.blocks[index], after.clone());
            log.push(Applied { rewrite: rewrite.name(), before, after });
            worklist.push_back(index);
            break;
        }
    }
    Ok(log)
}

/// The last assignment of `var` among the first `before` instructions of `block`.
pub(crate) fn definition<'a>(
    block: &'a Block,
    var: &crate::ir::Var,
    before: usize,
) -> Option<(usize, &'a crate::ir::Expr)> {
    block.insts[..before.min(block.insts.len())].iter().enumerate().rev().find_map(|(i, inst)| match &inst.kind {
        crate::ir::InstKind::Assign { target, value } if target == var => Some((i, value)),
        _ => None,
    })
}

/// Whether a temporary is read anywhere in `block` other than at instruction `except`.
/// Temporaries never leave their block except as edge arguments, which the terminator
/// holds, so this is a complete use check.
pub(crate) fn temp_used_elsewhere(block: &Block, var: &crate::ir::Var, except: usize) -> bool {
    let mut uses = Vec::new();
    for (i, inst) in block.insts.iter().enumerate() {
        if i != except {
            crate::ir::inst_uses(&inst.kind, &mut uses);
        }
    }
    crate::ir::terminator_uses(&block.terminator, &mut uses);
    if let Some(unwind) = &block.unwind {
        uses.extend(unwind.args.iter());
    }
    uses.contains(&var)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::ir::{BlockId, Const, Expr, Inst, InstKind, Terminator, Var};

    /// A rewrite that always matches: the driver must stop it and name it.
    struct Forever;

    impl Rewrite for Forever {
        type Match = ();
        const NAME: &'static str = "forever";
        const STAGE: Stage = Stage::BeforeTyping;
        fn find(&self, _: &Function, _: &Block) -> Option<()> {
            Some(())
        }
        fn apply(&self, block: &Block, (): ()) -> Block {
            block.clone()
        }
    }

    #[test]
    fn a_rewrite_that_never_finishes_is_named() {
        let mut func = Function {
            qualname: "f".into(),
            filename: "t.py".into(),
            first_line: 1,
            params: vec![],
            cells: vec![],
            is_generator: false,
            blocks: vec![Block {
                id: BlockId(0),
                params: vec![],
                catch_params: vec![],
                unwind: None,
                insts: vec![Inst {
                    kind: InstKind::Assign { target: Var("$0.0".into()), value: Expr::Const(Const::None) },
                    line: 1,
                }],
                terminator: Terminator::Return(Var("$0.0".into())),
                terminator_line: 1,
            }],
        };
        let rewrites: Vec<Box<dyn RegisteredRewrite>> = vec![Box::new(Forever)];
        let err = run_rewrites(&mut func, &rewrites).unwrap_err();
        assert_eq!(err.to_string(), "rewrite `forever` did not terminate on block0");
    }
}
