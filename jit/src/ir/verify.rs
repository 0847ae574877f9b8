//! The IR verifier: structural facts every stage must keep. A failure is a pynum bug,
//! never a property of the user's program.
//!
//! Checks: block labels are unique; every edge names an existing block with as many
//! arguments as it has parameters; the entry block takes no parameters; temporaries are
//! assigned once; every variable read is defined somewhere (a parameter, a block
//! parameter, or an assignment).

use rustc_hash::{FxHashMap as HashMap, FxHashSet as HashSet};

use super::{Block, Expr, Function, InstKind, Terminator, Var};
use crate::error::FrontendError;

pub fn verify(func: &Function) -> Result<(), FrontendError> {
    let fail = |block: u32, reason: String| Err(FrontendError::Verifier { block, reason });
    let arity: HashMap<_, _> = func.blocks.iter().map(|b| (b.id, b.params.len())).collect();
    let handlers: HashSet<_> = func.blocks.iter().filter(|b| !b.catch_params.is_empty()).map(|b| b.id).collect();
    if arity.len() != func.blocks.len() {
        return fail(0, "duplicate block labels".into());
    }
    let Some(entry) = func.blocks.first() else {
        return fail(0, "function without blocks".into());
    };
    if !entry.params.is_empty() {
        return fail(entry.id.0, "the entry block takes parameters".into());
    }
    let mut defined: HashSet<&Var> = HashSet::default();
    let mut temps: HashSet<&Var> = HashSet::default();
    for block in &func.blocks {
        defined.extend(block.params.iter().chain(&block.catch_params));
        for inst in &block.insts {
            if let InstKind::Assign { target, .. } = &inst.kind {
                if target.is_temp() && !temps.insert(target) {
                    return fail(block.id.0, format!("temporary {target} assigned twice"));
                }
                defined.insert(target);
            }
        }
    }
    let params: HashSet<&str> = func.params.iter().map(String::as_str).collect();
    for block in &func.blocks {
        for edge in block.terminator.edges() {
            if handlers.contains(&edge.block) {
                return fail(block.id.0, format!("jump to handler {}", edge.block));
            }
        }
        if let Some(unwind) = &block.unwind {
            if !handlers.contains(&unwind.block) {
                return fail(block.id.0, format!("unwinds to {}, which catches nothing", unwind.block));
            }
        }
        let edges = block.terminator.edges().into_iter().chain(block.unwind.iter());
        for edge in edges {
            match arity.get(&edge.block) {
                None => return fail(block.id.0, format!("edge to missing {}", edge.block)),
                Some(&n) if n != edge.args.len() => {
                    return fail(block.id.0, format!("{} takes {n} arguments, given {}", edge.block, edge.args.len()))
                }
                _ => {}
            }
        }
        let mut uses = Vec::new();
        block_uses(block, &mut uses);
        for var in uses {
            // Python locals may be read before assignment (UnboundLocalError at run
            // time), so only temporaries must have a definition.
            if var.is_temp() && !defined.contains(var) && !params.contains(var.0.as_str()) {
                return fail(block.id.0, format!("{var} is used but never defined"));
            }
        }
    }
    Ok(())
}

/// Variables a block reads: its instructions, its terminator and its unwind edge.
pub fn block_uses<'a>(block: &'a Block, out: &mut Vec<&'a Var>) {
    for inst in &block.insts {
        inst_uses(&inst.kind, out);
    }
    terminator_uses(&block.terminator, out);
    if let Some(unwind) = &block.unwind {
        out.extend(unwind.args.iter());
    }
}

/// Variables an instruction reads.
pub fn inst_uses<'a>(kind: &'a InstKind, out: &mut Vec<&'a Var>) {
    match kind {
        InstKind::Assign { value, .. } | InstKind::Discard(value) => expr_uses(value, out),
        InstKind::SetAttr { obj, value, .. } => out.extend([obj, value]),
        InstKind::SetItem { obj, index, value } => out.extend([obj, index, value]),
        InstKind::SetSlice { obj, start, stop, value } => out.extend([obj, start, stop, value]),
        InstKind::DelAttr { obj, .. } => out.push(obj),
        InstKind::DelItem { obj, index } => out.extend([obj, index]),
        InstKind::StoreGlobal { value, .. }
        | InstKind::StoreDeref { value, .. }
        | InstKind::StoreName { value, .. } => out.push(value),
        InstKind::PopExcept(v) => out.push(v),
        InstKind::Del(_)
        | InstKind::DelGlobal(_)
        | InstKind::DelDeref(_)
        | InstKind::DelName(_)
        | InstKind::MakeCell(_)
        | InstKind::SetupAnnotations => {}
    }
}

/// Variables an expression reads.
pub fn expr_uses<'a>(expr: &'a Expr, out: &mut Vec<&'a Var>) {
    match expr {
        Expr::Var(v)
        | Expr::SavedLocal(v)
        | Expr::Truth(v)
        | Expr::GetIter(v)
        | Expr::IterNext(v)
        | Expr::PairFirst(v)
        | Expr::PairSecond(v)
        | Expr::Yield(v)
        | Expr::ExcInfo(v) => out.push(v),
        Expr::Unary { operand, .. } => out.push(operand),
        Expr::Binary { lhs, rhs, .. } | Expr::Inplace { lhs, rhs, .. } | Expr::Compare { lhs, rhs, .. } => {
            out.extend([lhs, rhs])
        }
        Expr::Call { func, args, kwargs } => {
            out.push(func);
            out.extend(args.iter());
            out.extend(kwargs.iter().map(|(_, v)| v));
        }
        Expr::CallEx { func, args, kwargs } => {
            out.extend([func, args]);
            out.extend(kwargs.iter());
        }
        Expr::GetAttr { obj, .. } | Expr::StaticGetItem { obj, .. } | Expr::LoadSpecial { obj, .. } => out.push(obj),
        Expr::RangeIter { start, stop, step } => out.extend([start, stop, step]),
        Expr::GetItem { obj, index } => out.extend([obj, index]),
        Expr::GetSlice { obj, start, stop } => out.extend([obj, start, stop]),
        Expr::BuildTuple(vs)
        | Expr::BuildList(vs)
        | Expr::BuildSet(vs)
        | Expr::BuildSlice(vs)
        | Expr::BuildString(vs) => out.extend(vs.iter()),
        Expr::Intrinsic { args, .. } => out.extend(args.iter()),
        Expr::BuildMap(pairs) => out.extend(pairs.iter().flat_map(|(k, v)| [k, v])),
        Expr::Format { value, spec, .. } => {
            out.push(value);
            out.extend(spec.iter());
        }
        Expr::ExhaustIter { value, .. } | Expr::UnpackEx { value, .. } => out.push(value),
        Expr::ListPop { list } => out.push(list),
        Expr::ListInsert { list, index, value } => out.extend([list, index, value]),
        Expr::MakeFunction { code, defaults, kwdefaults, closure, annotations } => {
            out.push(code);
            out.extend(defaults.iter().chain(kwdefaults).chain(closure).chain(annotations));
        }
        Expr::Import { fromlist, level, .. } => out.extend([fromlist, level]),
        Expr::ImportFrom { module, .. } => out.push(module),
        Expr::ListAppend { list: a, value: b }
        | Expr::SetAdd { set: a, value: b }
        | Expr::ListExtend { list: a, value: b }
        | Expr::SetUpdate { set: a, value: b }
        | Expr::DictUpdate { map: a, value: b }
        | Expr::DictMerge { map: a, value: b }
        | Expr::ExcMatch { exc: a, ty: b }
        | Expr::WithExceptStart { exit: a, exc: b } => out.extend([a, b]),
        Expr::MapAdd { map, key, value } => out.extend([map, key, value]),
        Expr::Const(_) | Expr::Global(_) | Expr::Deref(_) | Expr::Name(_) | Expr::BuildClass | Expr::Locals => {}
    }
}

/// Variables a terminator reads (edge arguments included).
pub fn terminator_uses<'a>(term: &'a Terminator, out: &mut Vec<&'a Var>) {
    match term {
        Terminator::Jump(e) => out.extend(e.args.iter()),
        Terminator::Branch { cond, then, otherwise } => {
            out.push(cond);
            out.extend(then.args.iter().chain(otherwise.args.iter()));
        }
        Terminator::Return(v) | Terminator::Reraise(v) => out.push(v),
        Terminator::Raise { exc, cause } => out.extend(exc.iter().chain(cause.iter())),
        Terminator::StaticRaise { .. } => {}
    }
}
