//! What automatic mode may compile: a structural check on untyped IR, made once when a
//! function is defined, so that functions that can never run natively are not put under
//! a dispatcher at all (and pay nothing).
//!
//! Assumes the check is conservative about effects: a candidate reads its arguments and
//! globals, calls builtins, `math` and other candidates, and writes nothing but its own
//! locals and items of lists (which native code holds as copies, written back only when
//! it finishes). That is what makes deoptimization by re-execution exact: a call that
//! leaves native code can be run again from its start in the interpreter.

use crate::ir::{Block, Expr, Function, InstKind, Terminator};

/// Whether `func` is worth a dispatcher in automatic mode.
pub fn is_candidate(func: &Function) -> bool {
    !func.is_generator && func.cells.is_empty() && func.blocks.iter().all(pure_block)
}

fn pure_block(block: &Block) -> bool {
    block.unwind.is_none()
        && block.catch_params.is_empty()
        && matches!(
            block.terminator,
            Terminator::Jump(_) | Terminator::Branch { .. } | Terminator::Return(_) | Terminator::StaticRaise { .. }
        )
        && block.insts.iter().all(|inst| match &inst.kind {
            InstKind::Assign { value, .. } | InstKind::Discard(value) => pure_expression(value),
            // Stores into lists and objects reach copies, written back only when native
            // code completes.
            InstKind::Del(_) | InstKind::SetItem { .. } | InstKind::SetAttr { .. } => true,
            _ => false,
        })
}

fn pure_expression(expr: &Expr) -> bool {
    match expr {
        Expr::Call { kwargs, .. } => kwargs.is_empty(),
        Expr::Var(_)
        | Expr::SavedLocal(_)
        | Expr::Const(_)
        | Expr::Global(_)
        | Expr::GetAttr { .. }
        | Expr::Binary { .. }
        | Expr::Inplace { .. }
        | Expr::Compare { .. }
        | Expr::Unary { .. }
        | Expr::Truth(_)
        | Expr::RangeIter { .. }
        | Expr::GetIter(_)
        | Expr::IterNext(_)
        | Expr::PairFirst(_)
        | Expr::PairSecond(_)
        | Expr::BuildTuple(_)
        | Expr::StaticGetItem { .. }
        | Expr::GetItem { .. }
        | Expr::BuildList(_)
        | Expr::UnpackEx { .. }
        | Expr::ListAppend { .. }
        | Expr::ListPop { .. }
        | Expr::ListInsert { .. }
        | Expr::GetSlice { .. }
        | Expr::BuildSlice(_)
        | Expr::ExhaustIter { .. } => true,
        // `xs.extend(ys)` after the `list_append` rewrite (a list literal's extension of
        // a temporary stays as before: not a candidate).
        Expr::ListExtend { list, .. } => !list.is_temp(),
        _ => false,
    }
}
