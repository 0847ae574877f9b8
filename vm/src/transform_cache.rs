//! What automatic mode's transform made of a source file, kept between runs, as CPython
//! keeps bytecode in `__pycache__`: parsing, folding, the lift plans and three codegens
//! cost 1 to 20 ms a module (about 25 us a line; 78_random_loops.py's 820 lines took 21
//! ms against 42 ms for its whole run without the JIT), while a later run of the same
//! source by the same pynum only reads the entry and links it (`automatic::from_cache`).
//! The entry also keeps the module as rustpython compiled it, so that such a run does not
//! compile the source at all (5.2 ms for that file, where reading it back takes 0.3 ms).
//!
//! An entry is a checksum and one `marshal` dump (rustpython's, which code objects
//! round-trip through): a format number, the pynum binary's fingerprint, whether loops
//! start cold, the `-O` level, the file name, the whole source, then the code objects. It
//! is used only when all of these match, so an edited script, another build of pynum,
//! `-O` or `PYNUM_JIT_THRESHOLD=0` never runs an old transform; a damaged or unreadable
//! entry is a miss. Entries live in
//! `$PYNUM_CACHE_DIR`, else `$XDG_CACHE_HOME/pynum/transformed`, else
//! `~/.cache/pynum/transformed`, never beside the script (a run without the JIT must
//! not see them), and the oldest go once there are [`MAX_ENTRIES`].
//! `PYNUM_TRANSFORM_CACHE=0` turns the cache off.
//!
//! Assumes a transform depends on nothing but these (the REPL's, which depends on the
//! session's globals, is never cached) and that writing a file and renaming it over
//! another is atomic, so concurrent runs never read half an entry.

use std::hash::{Hash, Hasher};
use std::path::PathBuf;
use std::sync::OnceLock;

use rustpython_vm::{
    builtins::{PyBytes, PyCode, PyStr, PyTuple},
    AsObject, PyObjectRef, PyRef, PyResult, VirtualMachine,
};

/// What the transform made of a module's source, before it is linked to this run's
/// objects: what a later run can reuse.
#[derive(Default)]
pub(crate) struct Transformed {
    /// The module as rustpython compiled it (constants folded as the builtin `compile`
    /// folds them), so that a run finding the entry compiles nothing; `None` only
    /// between the transform and its store.
    pub(crate) written: Option<PyRef<PyCode>>,
    /// The module as written with its constants folded, when folding changed it.
    pub(crate) folded: Option<PyRef<PyCode>>,
    /// Dispatchers and lifted loops, when something in it can run natively.
    pub(crate) lifted: Option<LiftedModule>,
}

/// The module with dispatchers and lifted loops, its names of pynum's not yet linked.
pub(crate) struct LiftedModule {
    pub(crate) code: PyRef<PyCode>,
    /// A module of the lifted loops' hidden functions (`None` with no loop lifted).
    pub(crate) hidden: Option<PyRef<PyCode>>,
    /// Each lifted loop: its name, the attribute of `__pynum__` that names it, when it
    /// compiles, and the names its iterable reads (see
    /// `pynum_jit::looplift::HiddenFunction`).
    pub(crate) loops: Vec<(String, String, pynum_jit::looplift::LoopStart, Vec<String>)>,
    /// A module of the candidates' interleaved variants (`None` with none).
    pub(crate) variants: Option<PyRef<PyCode>>,
    /// Functions put under a dispatcher, for the log.
    pub(crate) functions: usize,
}

/// Changes whenever the entry's layout does.
const FORMAT: u64 = 5;

/// Entries kept; storing one more removes the oldest quarter.
pub(crate) const MAX_ENTRIES: usize = 512;

/// What an entry must match: the source and everything else the transform reads.
pub(crate) struct Key {
    source: Vec<u8>,
    filename: String,
    loops_start_cold: bool,
    optimize: u8,
    warnings: String,
    path: Option<PathBuf>,
}

impl Key {
    /// `optimize` is the interpreter's `-O` level, which decides what the compiler keeps
    /// (`assert`s, `__debug__` blocks, docstrings); `warnings` the warning options in
    /// force, which decide what compiling prints.
    pub(crate) fn new(source: &[u8], filename: &str, loops_start_cold: bool, optimize: u8, warnings: &str) -> Key {
        let path = directory().map(|dir| {
            let mut hasher = std::collections::hash_map::DefaultHasher::new();
            (FORMAT, binary_fingerprint(), loops_start_cold, optimize, warnings, filename, source).hash(&mut hasher);
            dir.join(format!("{:016x}", hasher.finish()))
        });
        let warnings = warnings.to_owned();
        Key { source: source.to_vec(), filename: filename.to_owned(), loops_start_cold, optimize, warnings, path }
    }
}

/// The folder of the entries, `None` when the cache is off or there is no home.
fn directory() -> Option<PathBuf> {
    static DIRECTORY: OnceLock<Option<PathBuf>> = OnceLock::new();
    DIRECTORY
        .get_or_init(|| {
            if std::env::var_os("PYNUM_TRANSFORM_CACHE").is_some_and(|v| v == "0") {
                return None;
            }
            let nonempty = |name: &str| std::env::var_os(name).filter(|v| !v.is_empty()).map(PathBuf::from);
            nonempty("PYNUM_CACHE_DIR")
                .or_else(|| nonempty("XDG_CACHE_HOME").map(|d| d.join("pynum").join("transformed")))
                .or_else(|| nonempty("HOME").map(|d| d.join(".cache").join("pynum").join("transformed")))
        })
        .clone()
}

/// The running binary's size and modification time: another build is another binary.
fn binary_fingerprint() -> (u64, u128) {
    static FINGERPRINT: OnceLock<(u64, u128)> = OnceLock::new();
    *FINGERPRINT.get_or_init(|| {
        std::env::current_exe()
            .and_then(std::fs::metadata)
            .map(|m| {
                let modified = m.modified().ok().and_then(|t| t.duration_since(std::time::UNIX_EPOCH).ok());
                (m.len(), modified.map_or(0, |d| d.as_nanos()))
            })
            .unwrap_or((0, 0))
    })
}

/// The entry for `key`, when there is one that matches it in full.
pub(crate) fn load(vm: &VirtualMachine, key: &Key) -> Option<Transformed> {
    let file = std::fs::read(key.path.as_ref()?).ok()?;
    // A damaged file (a disk error, an edit) would load as other code: the checksum of
    // the dump must match before anything is read from it.
    let (sum, bytes) = file.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*sum) != checksum(bytes) {
        return None;
    }
    let bytes = bytes.to_vec();
    let loads = vm.import("marshal", 0).ok()?.get_attr("loads", vm).ok()?;
    let entry = loads.call((vm.ctx.new_bytes(bytes),), vm).ok()?;
    let entry = entry.downcast_ref::<PyTuple>()?;
    let [format, fingerprint, cold, optimize, warnings, filename, source, written, folded, lifted] = entry.as_slice()
    else {
        return None;
    };
    let int = |o: &PyObjectRef| o.try_to_value::<u64>(vm).ok();
    let (size, modified) = binary_fingerprint();
    let matches = int(format) == Some(FORMAT)
        && fingerprint.downcast_ref::<PyStr>()?.to_str()? == format!("{size}:{modified}")
        && cold.clone().try_to_bool(vm).ok()? == key.loops_start_cold
        && optimize.try_to_value::<u8>(vm).ok()? == key.optimize
        && warnings.downcast_ref::<PyStr>()?.to_str()? == key.warnings
        && filename.downcast_ref::<PyStr>()?.to_str()? == key.filename
        && source.downcast_ref::<PyBytes>()?.as_bytes() == key.source.as_slice();
    if !matches {
        return None;
    }
    let made = Transformed {
        written: code_or_none(written, vm)?,
        folded: code_or_none(folded, vm)?,
        lifted: lifted_module(lifted, vm)?,
    };
    mapped(&made, &decoded, vm).ok()
}

/// `None` for a damaged entry, `Some(None)` for a `None` in it.
fn code_or_none(value: &PyObjectRef, vm: &VirtualMachine) -> Option<Option<PyRef<PyCode>>> {
    if vm.is_none(value) {
        Some(None)
    } else {
        value.clone().downcast::<PyCode>().ok().map(Some)
    }
}

fn lifted_module(value: &PyObjectRef, vm: &VirtualMachine) -> Option<Option<LiftedModule>> {
    if vm.is_none(value) {
        return Some(None);
    }
    let parts = value.downcast_ref::<PyTuple>()?;
    let [code, hidden, loops, variants, functions] = parts.as_slice() else { return None };
    let mut lifted_loops = Vec::new();
    for item in loops.downcast_ref::<PyTuple>()?.as_slice() {
        let [name, reference, start, trip_names] = item.downcast_ref::<PyTuple>()?.as_slice() else { return None };
        let start = start.clone().try_into_value::<u8>(vm).ok()?;
        let trip_names = trip_names
            .downcast_ref::<PyTuple>()?
            .as_slice()
            .iter()
            .map(|n| Some(n.downcast_ref::<PyStr>()?.to_str()?.to_owned()))
            .collect::<Option<Vec<String>>>()?;
        lifted_loops.push((
            name.downcast_ref::<PyStr>()?.to_str()?.to_owned(),
            reference.downcast_ref::<PyStr>()?.to_str()?.to_owned(),
            pynum_jit::looplift::LoopStart::from_code(start)?,
            trip_names,
        ));
    }
    Some(Some(LiftedModule {
        code: code.clone().downcast::<PyCode>().ok()?,
        hidden: code_or_none(hidden, vm)?,
        loops: lifted_loops,
        variants: code_or_none(variants, vm)?,
        functions: functions.try_to_value::<usize>(vm).ok()?,
    }))
}

/// The checksum an entry's dump is stored with.
fn checksum(bytes: &[u8]) -> u64 {
    let mut hasher = std::collections::hash_map::DefaultHasher::new();
    bytes.hash(&mut hasher);
    hasher.finish()
}

/// Constants rustpython's `marshal` does not give back as they went in: a slice comes
/// back with a `None` start (its code objects then panic) and a frozenset was refused
/// too. An entry keeps each as a tuple tagged with one of these (a NUL no source can
/// write in a name), and loading makes the constant again.
const SLICE_TAG: &str = "\0pynum:slice";
const FROZENSET_TAG: &str = "\0pynum:frozenset";

/// `code` with every constant `change` answers for (inside tuples and nested code
/// objects too) replaced by its answer; `code` itself when nothing changes.
fn with_constants(
    code: &PyRef<PyCode>,
    change: &dyn Fn(&PyObjectRef, &VirtualMachine) -> PyResult<Option<PyObjectRef>>,
    vm: &VirtualMachine,
) -> PyResult<PyRef<PyCode>> {
    let constants = crate::hidden_names::constants_of(code);
    let mut changed = false;
    let mut mapped = Vec::with_capacity(constants.len());
    for constant in &constants {
        let new = constant_with(constant, change, vm)?;
        changed |= !new.is(constant);
        mapped.push(new);
    }
    if !changed {
        return Ok(code.clone());
    }
    let mut args = rustpython_vm::function::FuncArgs::default();
    args.kwargs.insert("co_consts".into(), vm.ctx.new_tuple(mapped).into());
    let replaced = code.as_object().get_attr("replace", vm)?.call(args, vm)?;
    replaced.downcast::<PyCode>().map_err(|_| vm.new_type_error("code.replace".to_owned()))
}

fn constant_with(
    constant: &PyObjectRef,
    change: &dyn Fn(&PyObjectRef, &VirtualMachine) -> PyResult<Option<PyObjectRef>>,
    vm: &VirtualMachine,
) -> PyResult<PyObjectRef> {
    if let Some(new) = change(constant, vm)? {
        return Ok(new);
    }
    if let Some(code) = constant.downcast_ref::<PyCode>() {
        return Ok(with_constants(&code.to_owned(), change, vm)?.into());
    }
    if let Some(tuple) = constant.downcast_ref_if_exact::<PyTuple>(vm) {
        let items: Vec<PyObjectRef> =
            tuple.as_slice().iter().map(|item| constant_with(item, change, vm)).collect::<PyResult<_>>()?;
        if items.iter().zip(tuple.as_slice()).all(|(new, old)| new.is(old)) {
            return Ok(constant.clone());
        }
        return Ok(vm.ctx.new_tuple(items).into());
    }
    Ok(constant.clone())
}

/// A slice or frozenset constant as the tagged tuple an entry keeps.
fn encoded(constant: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
    use rustpython_vm::builtins::{PyFrozenSet, PySlice};
    if let Some(slice) = constant.downcast_ref::<PySlice>() {
        let part = |p: &Option<PyObjectRef>| p.clone().unwrap_or_else(|| vm.ctx.none());
        let parts = vec![vm.ctx.new_str(SLICE_TAG).into(), part(&slice.start), slice.stop.clone(), part(&slice.step)];
        return Ok(Some(vm.ctx.new_tuple(parts).into()));
    }
    if let Some(set) = constant.downcast_ref::<PyFrozenSet>() {
        let items: Vec<PyObjectRef> =
            set.elements().iter().map(|item| constant_with(item, &encoded, vm)).collect::<PyResult<_>>()?;
        let parts = vec![vm.ctx.new_str(FROZENSET_TAG).into(), vm.ctx.new_tuple(items).into()];
        return Ok(Some(vm.ctx.new_tuple(parts).into()));
    }
    Ok(None)
}

/// The constant a tagged tuple of [`encoded`] stands for.
fn decoded(constant: &PyObjectRef, vm: &VirtualMachine) -> PyResult<Option<PyObjectRef>> {
    let Some(tuple) = constant.downcast_ref_if_exact::<PyTuple>(vm) else { return Ok(None) };
    let tag = tuple.as_slice().first().and_then(|t| t.downcast_ref::<PyStr>()).and_then(|t| t.to_str());
    match (tag, tuple.as_slice()) {
        (Some(SLICE_TAG), [_, start, stop, step]) => {
            Ok(Some(vm.ctx.types.slice_type.as_object().call((start.clone(), stop.clone(), step.clone()), vm)?))
        }
        (Some(FROZENSET_TAG), [_, items]) => {
            let items = constant_with(items, &decoded, vm)?;
            Ok(Some(vm.ctx.types.frozenset_type.as_object().call((items,), vm)?))
        }
        _ => Ok(None),
    }
}

/// `made` with the constants of each code object passed through `change`.
fn mapped(
    made: &Transformed,
    change: &dyn Fn(&PyObjectRef, &VirtualMachine) -> PyResult<Option<PyObjectRef>>,
    vm: &VirtualMachine,
) -> PyResult<Transformed> {
    let code = |code: &Option<PyRef<PyCode>>| code.as_ref().map(|c| with_constants(c, change, vm)).transpose();
    let lifted = match &made.lifted {
        None => None,
        Some(lifted) => Some(LiftedModule {
            code: with_constants(&lifted.code, change, vm)?,
            hidden: code(&lifted.hidden)?,
            loops: lifted.loops.clone(),
            variants: code(&lifted.variants)?,
            functions: lifted.functions,
        }),
    };
    Ok(Transformed { written: code(&made.written)?, folded: code(&made.folded)?, lifted })
}

/// Keeps `made` for `key`; a cache that cannot be written is no cache.
pub(crate) fn store(vm: &VirtualMachine, key: &Key, made: &Transformed) {
    let Some(path) = &key.path else { return };
    let Ok(encoded) = mapped(made, &encoded, vm) else { return };
    let Ok(bytes) = entry(vm, key, &encoded) else { return };
    let Some(dir) = path.parent() else { return };
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    // A name of this process's own, renamed over the entry: readers see all or nothing.
    let partial =
        dir.join(format!(".{}.{}", std::process::id(), path.file_name().and_then(|n| n.to_str()).unwrap_or("entry")));
    let file: Vec<u8> = checksum(&bytes).to_le_bytes().into_iter().chain(bytes).collect();
    if std::fs::write(&partial, file).is_ok() && std::fs::rename(&partial, path).is_ok() {
        evict_oldest(dir);
    } else {
        let _ = std::fs::remove_file(&partial);
    }
}

fn entry(vm: &VirtualMachine, key: &Key, made: &Transformed) -> PyResult<Vec<u8>> {
    let none = || vm.ctx.none();
    let code = |code: &Option<PyRef<PyCode>>| code.clone().map_or_else(none, |c| c.into());
    let lifted = match &made.lifted {
        None => none(),
        Some(lifted) => {
            let loops: Vec<PyObjectRef> = lifted
                .loops
                .iter()
                .map(|(name, reference, start, trip_names)| {
                    let trip_names = trip_names.iter().map(|n| vm.ctx.new_str(n.as_str()).into()).collect();
                    vm.ctx
                        .new_tuple(vec![
                            vm.ctx.new_str(name.as_str()).into(),
                            vm.ctx.new_str(reference.as_str()).into(),
                            vm.ctx.new_int(start.code()).into(),
                            vm.ctx.new_tuple(trip_names).into(),
                        ])
                        .into()
                })
                .collect();
            vm.ctx
                .new_tuple(vec![
                    lifted.code.clone().into(),
                    code(&lifted.hidden),
                    vm.ctx.new_tuple(loops).into(),
                    code(&lifted.variants),
                    vm.ctx.new_int(lifted.functions).into(),
                ])
                .into()
        }
    };
    let (size, modified) = binary_fingerprint();
    let entry = vm.ctx.new_tuple(vec![
        vm.ctx.new_int(FORMAT).into(),
        vm.ctx.new_str(format!("{size}:{modified}")).into(),
        vm.ctx.new_bool(key.loops_start_cold).into(),
        vm.ctx.new_int(key.optimize).into(),
        vm.ctx.new_str(key.warnings.as_str()).into(),
        vm.ctx.new_str(key.filename.as_str()).into(),
        vm.ctx.new_bytes(key.source.clone()).into(),
        code(&made.written),
        code(&made.folded),
        lifted,
    ]);
    let dumped = vm.import("marshal", 0)?.get_attr("dumps", vm)?.call((entry,), vm)?;
    let bytes = dumped.downcast_ref::<PyBytes>().ok_or_else(|| vm.new_type_error("marshal.dumps".to_owned()))?;
    Ok(bytes.as_bytes().to_vec())
}

/// Removes the oldest quarter of the entries once there are more than [`MAX_ENTRIES`].
fn evict_oldest(dir: &std::path::Path) {
    let Ok(listing) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> =
        listing.filter_map(Result::ok).filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path()))).collect();
    if entries.len() <= MAX_ENTRIES {
        return;
    }
    entries.sort();
    for (_, path) in entries.iter().take(entries.len() - MAX_ENTRIES * 3 / 4) {
        let _ = std::fs::remove_file(path);
    }
}
