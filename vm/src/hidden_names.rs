//! Links automatic mode's transformed module to pynum's run-time objects, so that the
//! program sees no name of pynum's: no `__pynum_*` entry in its globals, its classes or
//! `builtins`.
//!
//! The transformation (`pynum_jit::looplift`) writes every reference to a run-time
//! object as an attribute of one reserved name that nothing binds, `__pynum__.auto`,
//! `__pynum__.tick`, `__pynum__.pynum_loop_f_12_0`. rustpython's codegen compiles each
//! to a name load (`LOAD_NAME` at module level, `LOAD_GLOBAL` in a function) followed by
//! `LOAD_ATTR`. This pass replaces each such pair, in every code object of the module,
//! by `LOAD_CONST` of the object itself (appended to the code's constants), then
//! `PUSH_NULL` where the `LOAD_ATTR` was a method load (which pushes the attribute and a
//! NULL for `CALL`), then a `JUMP_FORWARD` over the rest of the pair's units (`NOP`s).
//!
//! Requirements, in order of importance:
//! 1. The linked code does what the transformed code would do if `__pynum__` were a
//!    module holding those objects. The pair and its replacement leave the same values
//!    on the stack, and the replacement never pushes more than the pair did at any point,
//!    so `max_stackdepth` still holds.
//! 2. Every code unit stays where it was: the replacement fills the pair's units exactly
//!    (`LOAD_ATTR` alone has nine cache units, so `EXTENDED_ARG`s for a large constant
//!    index always fit), so jump offsets, the exception table, `locations` and the line
//!    table stay valid without being rewritten.
//! 3. A shape this pass does not expect (another instruction naming `__pynum__`, a jump
//!    or an exception-table boundary between the two loads, an attribute with no object)
//!    is a [`LinkError`], never a panic or a guess: automatic mode then runs the module
//!    as written.
//!
//! Code objects with nothing to link are kept as they are (the same objects), so
//! functions nested in them keep their identity. `co_names` still lists `__pynum__` and
//! the attribute names (the loads that used them are gone).

use std::collections::HashMap;

use pynum_jit::bytecode::{Bytecode, Instr};
use rustpython_vm::{
    builtins::PyCode,
    bytecode::{CodeUnit, Instruction, OpArg, OpArgByte},
    AsObject, PyObjectRef, PyRef, VirtualMachine,
};

/// Why a module could not be linked.
#[derive(Debug, Clone, PartialEq, Eq)]
pub(crate) enum LinkError {
    /// An instruction that names the reserved name in a way this pass does not replace.
    Unexpected { code: String, offset: usize, what: String },
    /// `__pynum__.<attribute>` with no run-time object of that name.
    UnknownAttribute { code: String, attribute: String },
}

impl std::fmt::Display for LinkError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LinkError::Unexpected { code, offset, what } => write!(f, "{code}, unit {offset}: {what}"),
            LinkError::UnknownAttribute { code, attribute } => write!(f, "{code}: no run-time object `{attribute}`"),
        }
    }
}

/// `module` with every `__pynum__.<attribute>` load replaced by the object `objects`
/// gives for `attribute`. The call sites of objects that `is_lifted_loop` start with a
/// `NOP` that can become a jump to the loop as written; `bypasses` gets each such
/// object with that `NOP`'s unit.
pub(crate) fn link(
    vm: &VirtualMachine,
    module: &PyRef<PyCode>,
    objects: &HashMap<String, PyObjectRef>,
    is_lifted_loop: &dyn Fn(&PyObjectRef) -> bool,
    bypasses: &mut Vec<(PyObjectRef, usize)>,
) -> Result<PyRef<PyCode>, LinkError> {
    let linker = Linker { objects, is_lifted_loop };
    Ok(link_code(vm, module, &linker, bypasses)?.unwrap_or_else(|| module.clone()))
}

/// What [`link`] links with.
struct Linker<'a> {
    objects: &'a HashMap<String, PyObjectRef>,
    is_lifted_loop: &'a dyn Fn(&PyObjectRef) -> bool,
}

/// A `__pynum__.<attribute>` load: the units it spans, the object, and whether it leaves
/// a NULL above it (a method load).
struct Site {
    start: usize,
    end: usize,
    object: PyObjectRef,
    pushes_null: bool,
}

/// The linked copy of `code`, or `None` when neither it nor a code object nested in it
/// mentions the reserved name.
/// `code`'s constants as objects (`co_consts`, without building the tuple).
pub(crate) fn constants_of(code: &PyCode) -> Vec<PyObjectRef> {
    code.code.constants.iter().map(|c| std::borrow::Borrow::<rustpython_vm::PyObject>::borrow(c).to_owned()).collect()
}

fn link_code(
    vm: &VirtualMachine,
    code: &PyRef<PyCode>,
    linker: &Linker<'_>,
    bypasses: &mut Vec<(PyObjectRef, usize)>,
) -> Result<Option<PyRef<PyCode>>, LinkError> {
    let objects = linker.objects;
    let mut nested: Vec<(usize, PyRef<PyCode>)> = Vec::new();
    for (index, constant) in code.code.constants.iter().enumerate() {
        let object: &rustpython_vm::PyObject = std::borrow::Borrow::borrow(constant);
        if let Some(inner) = object.downcast_ref::<PyCode>() {
            if let Some(linked) = link_code(vm, &inner.to_owned(), linker, bypasses)? {
                nested.push((index, linked));
            }
        }
    }
    let reserved = pynum_jit::looplift::RUNTIME;
    let mentions = code.code.names.iter().any(|name| name.as_str() == reserved);
    if !mentions && nested.is_empty() {
        return Ok(None);
    }
    let name = code.code.qualname.as_str().to_owned();
    let units: &[CodeUnit] = &code.code.instructions;
    // The code as codegen made it: its constants are literals (nested code objects are
    // linked into the copy below, not into this one).
    let decoded = pynum_jit::bytecode::decode(&code.code).map_err(|err| LinkError::Unexpected {
        code: name.clone(),
        offset: 0,
        what: err.to_string(),
    })?;
    let sites = if mentions { find_sites(code, &decoded.instrs, objects, &name)? } else { Vec::new() };
    check_boundaries(&decoded, &sites, &name)?;

    let mut constants = constants_of(code);
    for (index, linked) in nested {
        constants[index] = linked.into();
    }
    let mut new_units: Vec<CodeUnit> = units.to_vec();
    let osr_wanted = objects.get(pynum_jit::looplift::OSR_WANTED);
    // This code's, kept only if all of it links.
    let mut code_bypasses = Vec::new();
    for site in &sites {
        let index = match constants.iter().position(|c| c.is(&site.object)) {
            Some(index) => index,
            None => {
                constants.push(site.object.clone());
                constants.len() - 1
            }
        };
        let (extended, last) = OpArg::new(index as u32).split();
        let mut replacement: Vec<CodeUnit> =
            extended.map(|byte| CodeUnit { op: Instruction::ExtendedArg, arg: byte }).collect();
        replacement.push(CodeUnit {
            op: Instruction::LoadConst { consti: rustpython_vm::bytecode::Arg::marker() },
            arg: last,
        });
        if site.pushes_null {
            replacement.push(CodeUnit { op: Instruction::PushNull, arg: OpArgByte::NULL });
        }
        // A lifted loop's call site starts with a `NOP` whose argument is the distance to
        // the loop as written: once the loop gives up, the `NOP` becomes a `JUMP_FORWARD`
        // there (`LiftedLoop::bypass_call_site`), and the site costs one jump.
        // (The loop's own call loads it as a method, with a NULL; where it is an
        // argument, of `osr_wanted` or `timed`, it is no site of its own.)
        if site.pushes_null && (linker.is_lifted_loop)(&site.object) {
            let bypass = bypass_target(&decoded.instrs, site, &sites, osr_wanted)
                .and_then(|as_written| bypass_prefix(site.start, as_written))
                .filter(|prefix| prefix.len() + replacement.len() <= site.end - site.start);
            if let Some(prefix) = bypass {
                code_bypasses.push((site.object.clone(), site.start + prefix.len() - 1));
                replacement.splice(0..0, prefix);
            }
        }
        let span = &mut new_units[site.start..site.end];
        if replacement.len() > span.len() {
            return Err(LinkError::Unexpected {
                code: name,
                offset: site.start,
                what: "no room for the constant".to_owned(),
            });
        }
        // The rest of the span is skipped, not run: a counting copy of a loop passes a
        // load like this one or two times an iteration, and a dozen NOPs cost more
        // than the two loads did.
        let rest = span.len() - replacement.len();
        if let Some(over) = rest.checked_sub(1).filter(|&over| over > 0).and_then(|over| u8::try_from(over).ok()) {
            let jump = Instruction::JumpForward { delta: rustpython_vm::bytecode::Arg::marker() };
            replacement.push(CodeUnit { op: jump, arg: OpArgByte::new(over) });
        }
        for (slot, unit) in span.iter_mut().enumerate() {
            *unit = replacement.get(slot).copied().unwrap_or(CodeUnit { op: Instruction::Nop, arg: OpArgByte::NULL });
        }
    }
    bypasses.append(&mut code_bypasses);
    let mut linked = code.code.clone();
    linked.instructions = new_units.into();
    linked.constants = constants.into_iter().map(Into::into).collect();
    Ok(Some(PyRef::new_ref(PyCode::new(linked), vm.ctx.types.code_type.to_owned(), None)))
}

/// Where the loop as written starts, for a lifted loop's call site `for (names) in
/// <hidden>(args): ... else: <the loop>`: after the `END_FOR` and `POP_ITER` that the
/// call's empty answer reaches. When the `else` is a counting copy's `for () in
/// <osr_wanted>(hidden): ... else: <the loop>`, past that one too. (A deferrable loop's
/// `else` is its one copy, iterating `__pynum__.timed`: the bypass lands on it.)
fn bypass_target(instrs: &[Instr], site: &Site, sites: &[Site], osr_wanted: Option<&PyObjectRef>) -> Option<usize> {
    let exit = for_call_exit(instrs, site.end)?;
    match sites.iter().find(|other| other.start == exit) {
        Some(osr) if osr_wanted.is_some_and(|osr_wanted| osr_wanted.is(&osr.object)) => for_call_exit(instrs, osr.end),
        _ => Some(exit),
    }
}

/// From `from`, just after an iterable's load: `GET_ITER` and `FOR_ITER`, whose
/// exhaustion reaches `END_FOR`, `POP_ITER`; the unit after those.
fn for_exit(instrs: &[Instr], from: usize) -> Option<usize> {
    let at = instrs.iter().position(|instr| instr.offset as usize == from)?;
    let [get_iter, for_iter] = instrs.get(at..at + 2)? else { return None };
    let shape = matches!(get_iter.op, Instruction::GetIter) && matches!(for_iter.op, Instruction::ForIter { .. });
    exhausted_exit(instrs, for_iter.target.filter(|_| shape)?)
}

/// The unit after the `END_FOR`, `POP_ITER` at `target`, a `FOR_ITER`'s exhaustion.
fn exhausted_exit(instrs: &[Instr], target: u32) -> Option<usize> {
    let exhausted = instrs.iter().position(|instr| instr.offset == target)?;
    let [end_for, pop_iter] = instrs.get(exhausted..exhausted + 2)? else { return None };
    let ends = matches!(end_for.op, Instruction::EndFor) && matches!(pop_iter.op, Instruction::PopIter);
    ends.then_some(pop_iter.next as usize)
}

/// From `from`, just after a callable's load: its arguments' loads, `CALL`, `GET_ITER`
/// and `FOR_ITER`, whose exhaustion reaches `END_FOR`, `POP_ITER`; the unit after those.
/// `None` for any other shape.
fn for_call_exit(instrs: &[Instr], from: usize) -> Option<usize> {
    let mut at = instrs.iter().position(|instr| instr.offset as usize == from)?;
    while instrs.get(at).is_some_and(|instr| is_argument_load(instr.op)) {
        at += 1;
    }
    let call = instrs.get(at).filter(|call| matches!(call.op, Instruction::Call { .. }))?;
    for_exit(instrs, call.next as usize)
}

/// The loads a lifted loop's call passes its names with (and `__pynum__.<hidden>`, an
/// argument of `osr_wanted`): nothing that jumps, calls or stores.
fn is_argument_load(op: Instruction) -> bool {
    matches!(
        op,
        Instruction::LoadFast { .. }
            | Instruction::LoadFastBorrow { .. }
            | Instruction::LoadFastCheck { .. }
            | Instruction::LoadFastLoadFast { .. }
            | Instruction::LoadFastBorrowLoadFastBorrow { .. }
            | Instruction::LoadDeref { .. }
            | Instruction::LoadName { .. }
            | Instruction::LoadGlobal { .. }
            | Instruction::LoadFromDictOrDeref { .. }
            | Instruction::LoadFromDictOrGlobals { .. }
            | Instruction::LoadConst { .. }
            | Instruction::LoadSmallInt { .. }
            | Instruction::LoadAttr { .. }
            | Instruction::PushNull
    )
}

/// A site's first units: `NOP` (with `EXTENDED_ARG`s before it as needed) whose argument
/// is the distance from the unit after it to `as_written`, the target a `JUMP_FORWARD`
/// in its place would have.
fn bypass_prefix(start: usize, as_written: usize) -> Option<Vec<CodeUnit>> {
    (0..4).find_map(|extended| {
        let delta = u32::try_from(as_written.checked_sub(start + extended + 1)?).ok()?;
        let (prefix, last) = OpArg::new(delta).split();
        let mut units: Vec<CodeUnit> =
            prefix.map(|byte| CodeUnit { op: Instruction::ExtendedArg, arg: byte }).collect();
        (units.len() == extended).then(|| {
            units.push(CodeUnit { op: Instruction::Nop, arg: last });
            units
        })
    })
}

/// The `__pynum__.<attribute>` loads of one code object; any other use of the reserved
/// name is an error.
fn find_sites(
    code: &PyCode,
    decoded: &[Instr],
    objects: &HashMap<String, PyObjectRef>,
    name: &str,
) -> Result<Vec<Site>, LinkError> {
    let reserved = pynum_jit::looplift::RUNTIME;
    let name_at = |index: u32| code.code.names.get(index as usize).map(|n| n.as_str());
    let unexpected = |offset: u32, what: &str| LinkError::Unexpected {
        code: name.to_owned(),
        offset: offset as usize,
        what: what.to_owned(),
    };
    let mut sites = Vec::new();
    let mut i = 0;
    while i < decoded.len() {
        let instr = &decoded[i];
        let named = match instr.op {
            Instruction::LoadName { .. } => Some((instr.arg, false)),
            Instruction::LoadGlobal { .. } => Some((instr.arg >> 1, instr.arg & 1 == 1)),
            Instruction::StoreName { .. }
            | Instruction::DeleteName { .. }
            | Instruction::StoreGlobal { .. }
            | Instruction::DeleteGlobal { .. }
            | Instruction::LoadFromDictOrGlobals { .. } => {
                if name_at(instr.arg) == Some(reserved) {
                    return Err(unexpected(
                        instr.offset,
                        "the reserved name is stored, deleted or read from a class namespace",
                    ));
                }
                None
            }
            _ => None,
        };
        let Some((index, global_null)) = named else {
            i += 1;
            continue;
        };
        if name_at(index) != Some(reserved) {
            i += 1;
            continue;
        }
        let attribute = decoded.get(i + 1).filter(|next| matches!(next.op, Instruction::LoadAttr { .. }));
        let Some(attribute) = attribute else {
            return Err(unexpected(instr.offset, "the reserved name is not followed by an attribute load"));
        };
        if global_null {
            return Err(unexpected(instr.offset, "the reserved name is loaded with a NULL"));
        }
        let attr_name = name_at(attribute.arg >> 1).ok_or_else(|| unexpected(attribute.offset, "no such name"))?;
        let object = objects
            .get(attr_name)
            .ok_or_else(|| LinkError::UnknownAttribute { code: name.to_owned(), attribute: attr_name.to_owned() })?;
        sites.push(Site {
            start: instr.offset as usize,
            end: attribute.next as usize,
            object: object.clone(),
            pushes_null: attribute.arg & 1 == 1,
        });
        i += 2;
    }
    Ok(sites)
}

/// A jump into the middle of a site, or an exception-table range that starts or ends
/// inside one, would see half a replacement: not a shape codegen makes for `a.b`.
fn check_boundaries(decoded: &Bytecode, sites: &[Site], name: &str) -> Result<(), LinkError> {
    let inside = |unit: u32| sites.iter().any(|site| unit as usize > site.start && (unit as usize) < site.end);
    if let Some(jump) = decoded.instrs.iter().find(|instr| instr.target.is_some_and(inside)) {
        return Err(LinkError::Unexpected {
            code: name.to_owned(),
            offset: jump.offset as usize,
            what: "a jump into a linked load".to_owned(),
        });
    }
    if let Some(entry) = decoded.handlers.iter().find(|e| inside(e.start) || inside(e.end) || inside(e.handler)) {
        return Err(LinkError::Unexpected {
            code: name.to_owned(),
            offset: entry.start as usize,
            what: "an exception-table boundary inside a linked load".to_owned(),
        });
    }
    Ok(())
}

/// Whether every constant of `code` is one the compiler could have made (numbers,
/// strings, bytes, tuples, code...): linked code holds run-time objects, which the JIT's
/// bytecode reader does not take (it compiles the code as written instead).
pub(crate) fn has_only_literal_constants(code: &PyCode, vm: &VirtualMachine) -> bool {
    fn literal(object: &rustpython_vm::PyObject, vm: &VirtualMachine) -> bool {
        let types = &vm.ctx.types;
        let class = object.class();
        if let Some(tuple) = object.downcast_ref::<rustpython_vm::builtins::PyTuple>() {
            return class.is(types.tuple_type) && tuple.iter().all(|item| literal(item, vm));
        }
        if let Some(set) = object.downcast_ref::<rustpython_vm::builtins::PyFrozenSet>() {
            return class.is(types.frozenset_type) && set.elements().iter().all(|item| literal(item, vm));
        }
        [
            types.int_type,
            types.bool_type,
            types.float_type,
            types.complex_type,
            types.str_type,
            types.bytes_type,
            types.code_type,
            types.none_type,
            types.ellipsis_type,
            types.slice_type,
        ]
        .iter()
        .any(|t| class.is(*t))
    }
    code.code.constants.iter().all(|c| literal(std::borrow::Borrow::borrow(c), vm))
}
