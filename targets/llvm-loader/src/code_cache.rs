//! The tier-2 code cache: LLVM's machine code for a LIR module, kept between runs as an
//! ELF object, so that a later run of the same program starts its hot code at tier 2
//! without loading LLVM or waiting for a compile (the first tier-2 compile of a process
//! loads libLLVM, about 14 ms, and O3 takes 10 to 80 ms more per module). CPython keeps
//! bytecode in `__pycache__` and V8 keeps compiled code the same way.
//!
//! An entry is keyed by everything the code depends on: the entry format, the boundary's
//! fingerprint (LIR's text form, the ABI and its helpers), the CPU (`cpuid`: vendor,
//! model and feature bits, since the code uses the features LLVM detected) and the LIR
//! module's whole text, which the entry stores and a load compares exactly; a checksum
//! covers the object. A damaged, foreign or mismatching entry is a miss, never an error:
//! the caller compiles as it would have. Entries live in `$PYNUM_CODE_CACHE_DIR`, else
//! `$XDG_CACHE_HOME/pynum/tier2`, else `~/.cache/pynum/tier2`; the oldest quarter goes
//! once there are [`MAX_ENTRIES`]. `PYNUM_CODE_CACHE=0` turns it off (`JitConfig`).
//!
//! Loading is a small static linker: the object's allocated sections are copied into one
//! anonymous mapping, their relocations applied (absolute 64-bit ones, which LLVM's large
//! code model makes for every address outside a function, and PC-relative ones within the
//! mapping), and the mapping made executable. Symbols outside the object are the ABI's
//! runtime helpers, the poll flags, and C library functions LLVM may call (`fmod`,
//! `memset`), found in the process. An object with anything else (a writable section, a
//! relocation kind not listed here) is refused, and the code compiles as usual.
//!
//! Assumes x86-64 Linux (other targets keep no cache) and that writing a file and
//! renaming it over another is atomic, so concurrent runs never read half an entry.

use std::collections::HashMap;
use std::path::PathBuf;
use std::time::Instant;

use object::elf;
use object::read::elf::{ElfFile64, FileHeader};
use object::{Object, ObjectSection, ObjectSymbol, RelocationFlags, RelocationTarget, SectionFlags, SectionIndex};
use pynum_jit::backend::{Backend, BackendError, CodeFacts, DumpOptions, Dumps, EntryFn, NativeCode};
use pynum_jit::lir;

use crate::boundary;

/// Changes whenever an entry's layout, or what its key covers, does.
const FORMAT: u32 = 1;
/// The first bytes of every entry.
const MAGIC: &[u8; 8] = b"PYNUMT2\0";
/// Entries kept; storing one more removes the oldest quarter.
pub const MAX_ENTRIES: usize = 512;

/// Why an object could not be loaded (the caller then compiles as usual).
#[derive(Debug, Clone, PartialEq, Eq)]
pub enum LoadError {
    /// No entry for this module, or one for other code (a hash collision, another CPU).
    Miss,
    /// The entry's object is not one this loader takes.
    Refused(String),
}

impl std::fmt::Display for LoadError {
    fn fmt(&self, f: &mut std::fmt::Formatter<'_>) -> std::fmt::Result {
        match self {
            LoadError::Miss => write!(f, "not in the code cache"),
            LoadError::Refused(why) => write!(f, "the code cache's object was refused: {why}"),
        }
    }
}

/// The code cache as a [`Backend`]: a "compile" is a load of the module's entry, and a
/// miss answers `BackendError::Unsupported` (the caller compiles with a real backend).
/// Its code is LLVM's, which rotates loops itself.
#[derive(Debug, Default, Clone, Copy)]
pub struct CodeCache {
    /// Whether to look for the optimized module of the code it is asked for before the
    /// optimizer runs ([`recall_optimized`]): for code an earlier run marked warm
    /// ([`is_warm`]), where a hit is likely. Elsewhere the module's text as lowered,
    /// which the lookup needs, would cost every compile 50 to 90 us for nothing.
    pub recalls_optimized: bool,
}

impl Backend for CodeCache {
    fn name(&self) -> &'static str {
        "code cache"
    }

    fn rotates_loops_itself(&self) -> bool {
        true
    }

    fn selects_over_plain_arms(&self) -> bool {
        true
    }

    fn compile(&self, module: &lir::Module, _dumps: &DumpOptions) -> Result<Box<dyn NativeCode>, BackendError> {
        load(module).map_err(|e| BackendError::Unsupported(e.to_string()))
    }

    fn keeps_optimized_modules(&self) -> bool {
        self.recalls_optimized
    }

    fn recall_optimized(&self, lowered: &str, python_semantics: bool) -> Option<lir::Module> {
        recall_optimized(lowered, python_semantics)
    }

    fn remember_optimized(&self, lowered: &str, python_semantics: bool, optimized: &lir::Module) {
        remember_optimized(lowered, python_semantics, optimized)
    }
}

/// The first bytes of every file that maps a module as lowered to what the optimizer
/// made of it ([`remember_optimized`]).
const OPTIMIZED_MAGIC: &[u8; 8] = b"PYNUMLO\0";

/// The key of the optimized module kept for the module lowered as `lowered`: the cache's
/// own ([`versioned`]), the optimizer's sources and the semantics it ran under.
fn optimized_key(lowered: &str, python_semantics: bool) -> String {
    versioned(&format!(
        "lowered, optimizer {:016x}, python semantics {python_semantics}\n{lowered}",
        lir::optimize::OPTIMIZER_FINGERPRINT
    ))
}

/// What the optimizer made of the module lowered as `lowered`, when a run kept it: read
/// back from its text, so that a load from the cache skips the optimizer (which is
/// deterministic: the same module lowered gives the same optimized module). A damaged or
/// foreign file is a miss (its key is compared whole, its text checksummed).
pub fn recall_optimized(lowered: &str, python_semantics: bool) -> Option<lir::Module> {
    let key = optimized_key(lowered, python_semantics);
    let bytes = std::fs::read(directory()?.join(file_name(&key, ".lowered"))).ok()?;
    // A damaged text could still parse, as another module: its checksum must match.
    let (sum, text) = after_key(&bytes, OPTIMIZED_MAGIC, &key)?.split_first_chunk::<8>()?;
    if u64::from_le_bytes(*sum) != checksum(text) {
        return None;
    }
    lir::parse_module(std::str::from_utf8(text).ok()?).ok()
}

/// Keeps `optimized`, what the optimizer made of the module lowered as `lowered`, beside
/// the cache's entries (called once the optimized module's code was found in the cache).
/// Failing to write is not an error.
pub fn remember_optimized(lowered: &str, python_semantics: bool, optimized: &lir::Module) {
    let key = optimized_key(lowered, python_semantics);
    let Some(dir) = directory() else { return };
    let path = dir.join(file_name(&key, ".lowered"));
    let text = optimized.to_string();
    let mut file = Vec::with_capacity(OPTIMIZED_MAGIC.len() + 16 + key.len() + text.len());
    file.extend_from_slice(OPTIMIZED_MAGIC);
    file.extend_from_slice(&(key.len() as u64).to_le_bytes());
    file.extend_from_slice(key.as_bytes());
    file.extend_from_slice(&checksum(text.as_bytes()).to_le_bytes());
    file.extend_from_slice(text.as_bytes());
    write_atomically(&dir, &path, &file, ".lowered");
}

/// Writes `bytes` to `path` in `dir` through a temporary file renamed over it, so that
/// concurrent runs never read half a file; then removes the oldest files ending in
/// `suffix` beyond [`MAX_ENTRIES`].
fn write_atomically(dir: &std::path::Path, path: &std::path::Path, bytes: &[u8], suffix: &str) {
    if std::fs::create_dir_all(dir).is_err() {
        return;
    }
    let temporary =
        dir.join(format!(".{}.{}", std::process::id(), path.file_name().and_then(|n| n.to_str()).unwrap_or("")));
    if std::fs::write(&temporary, bytes).is_ok() && std::fs::rename(&temporary, path).is_ok() {
        evict_oldest(dir, suffix);
    } else {
        let _ = std::fs::remove_file(&temporary);
    }
}

/// The key text of `module`'s entry: everything its code depends on. `None` where no
/// cache is kept (not x86-64).
fn key(module: &lir::Module) -> Option<String> {
    // Read once: `cpuid` traps to the hypervisor in a virtual machine.
    static CPU: std::sync::OnceLock<Option<String>> = std::sync::OnceLock::new();
    let cpu = CPU.get_or_init(cpu_identity).as_deref()?;
    Some(versioned(&format!("cpu {cpu}\n{module}")))
}

/// A hash of the LLVM backend's sources (`targets/llvm`: the translation of LIR, the pass
/// pipeline, the target): code an earlier translator made for the same LIR is not loaded.
const TRANSLATOR_FINGERPRINT: u64 = pynum_runtime::fingerprint(&[
    include_str!("../../llvm/src/translate.rs"),
    include_str!("../../llvm/src/engine.rs"),
    include_str!("../../llvm/src/target.rs"),
    include_str!("../../llvm/src/memory.rs"),
]);

/// `rest` after what every file of the cache depends on: the entry format, the
/// boundary's fingerprint and the translator's (a new `pynum-run` finds nothing an older
/// one kept).
fn versioned(rest: &str) -> String {
    let (boundary, translator) = (boundary::fingerprint(), TRANSLATOR_FINGERPRINT);
    format!("format {FORMAT}\nfingerprint {boundary:016x}\ntranslator {translator:016x}\n{rest}")
}

/// The name of the cache's file for `key`: its FNV-1a hash in hex, then `suffix`.
fn file_name(key: &str, suffix: &str) -> String {
    format!("{:016x}{suffix}", boundary::fnv(0xcbf2_9ce4_8422_2325, key.as_bytes()))
}

/// Vendor, signature and feature bits from `cpuid`: code LLVM made for this CPU's
/// features runs on any CPU that reports the same.
#[cfg(target_arch = "x86_64")]
fn cpu_identity() -> Option<String> {
    use std::arch::x86_64::__cpuid_count;
    // SAFETY: `cpuid` exists on every x86-64 CPU; leaf 7 is read only when leaf 0 says
    // it exists.
    #[allow(unused_unsafe)]
    let (vendor, signature, extended) = unsafe {
        let leaf0 = __cpuid_count(0, 0);
        let leaf1 = __cpuid_count(1, 0);
        let leaf7 = if leaf0.eax >= 7 { __cpuid_count(7, 0) } else { __cpuid_count(0, 0) };
        (
            [leaf0.ebx, leaf0.edx, leaf0.ecx],
            // The signature and features, less leaf 1's APIC id and its OSXSAVE-free bits
            // that differ per core.
            [leaf1.eax, leaf1.ecx, leaf1.edx],
            [leaf7.ebx, leaf7.ecx, leaf7.edx],
        )
    };
    Some(format!("{vendor:08x?} {signature:08x?} {extended:08x?}"))
}

#[cfg(not(target_arch = "x86_64"))]
fn cpu_identity() -> Option<String> {
    None
}

/// Where entries live; `None` when there is no such directory to use.
fn directory() -> Option<PathBuf> {
    if let Some(dir) = std::env::var_os("PYNUM_CODE_CACHE_DIR").filter(|d| !d.is_empty()) {
        return Some(PathBuf::from(dir));
    }
    let base = match std::env::var_os("XDG_CACHE_HOME").filter(|d| !d.is_empty()) {
        Some(dir) => PathBuf::from(dir),
        None => PathBuf::from(std::env::var_os("HOME").filter(|d| !d.is_empty())?).join(".cache"),
    };
    Some(base.join("pynum").join("tier2"))
}

/// The entry's file for a key.
fn path_of(key: &str) -> Option<PathBuf> {
    Some(directory()?.join(file_name(key, ".o")))
}

/// Keeps `object`, LLVM's code for `module`, for later runs. Failing to write is not an
/// error (a read-only home directory keeps no cache).
pub fn store(module: &lir::Module, object: &[u8]) {
    let Some(key) = key(module) else { return };
    let Some(path) = path_of(&key) else { return };
    let Some(dir) = path.parent() else { return };
    let mut entry = Vec::with_capacity(MAGIC.len() + 24 + key.len() + object.len());
    entry.extend_from_slice(MAGIC);
    entry.extend_from_slice(&(key.len() as u64).to_le_bytes());
    entry.extend_from_slice(key.as_bytes());
    entry.extend_from_slice(&(object.len() as u64).to_le_bytes());
    entry.extend_from_slice(&checksum(object).to_le_bytes());
    entry.extend_from_slice(object);
    write_atomically(dir, &path, &entry, ".o");
}

/// Removes the oldest quarter of the entries (files ending in `suffix`) once there are
/// more than [`MAX_ENTRIES`].
fn evict_oldest(dir: &std::path::Path, suffix: &str) {
    let Ok(read) = std::fs::read_dir(dir) else { return };
    let mut entries: Vec<(std::time::SystemTime, PathBuf)> = read
        .filter_map(|e| e.ok())
        .filter(|e| e.file_name().to_str().is_some_and(|n| n.ends_with(suffix) && !n.starts_with('.')))
        .filter_map(|e| Some((e.metadata().ok()?.modified().ok()?, e.path())))
        .collect();
    if entries.len() <= MAX_ENTRIES {
        return;
    }
    entries.sort();
    for (_, path) in entries.iter().take(entries.len() / 4) {
        let _ = std::fs::remove_file(path);
    }
}

/// Where the mark of kind `kind` of a piece of code lives: `<kind>/<hash>.<kind>` beside
/// the entries, the hash covering what entries depend on ([`versioned`]) and the identity
/// the VM gives the code.
fn mark(kind: &str, identity: &str) -> Option<PathBuf> {
    Some(directory()?.join(kind).join(file_name(&versioned(identity), &format!(".{kind}"))))
}

/// Leaves the mark `kind` on `identity` for later runs; failing to write is not an error.
fn remember(kind: &str, identity: &str) {
    let Some(path) = mark(kind, identity) else { return };
    let Some(dir) = path.parent() else { return };
    if path.exists() || std::fs::create_dir_all(dir).is_err() {
        return;
    }
    if std::fs::write(&path, b"").is_ok() {
        evict_oldest(dir, &format!(".{kind}"));
    }
}

/// Marks the code the VM identifies as `identity` (its file, name, first line and shape)
/// as code whose tier-2 code the cache holds or is about to: a later run's dispatcher
/// then compiles it, a load from the cache, at its first call or loop iteration instead
/// of first paying the interpreted time a compile must earn (lcg_pi with its code
/// cached: 55.3 ms before, 53.0 ms with the marks). The mark is a hint, not a promise: when
/// the later run's types differ, the load misses and that code compiles early, once.
/// Failing to write is not an error.
pub fn remember_warm(identity: &str) {
    remember("warm", identity);
}

/// Whether an earlier run marked `identity` ([`remember_warm`]).
pub fn is_warm(identity: &str) -> bool {
    mark("warm", identity).is_some_and(|path| path.exists())
}

/// Marks `identity` (the VM's name for a piece of code and the run's command line) as
/// code whose first call or loop entry, compiled at once, ran natively for less than its
/// compile took, many times over: a later run compiles it on the compile thread and runs
/// that first call in the interpreter (`first_calls.rs` in the VM).
pub fn remember_short_first_call(identity: &str) {
    remember("short", identity);
}

/// Whether an earlier run marked `identity` ([`remember_short_first_call`]).
pub fn had_short_first_call(identity: &str) -> bool {
    mark("short", identity).is_some_and(|path| path.exists())
}

/// Takes back [`remember_short_first_call`]: the first call was long this time.
pub fn forget_short_first_call(identity: &str) {
    if let Some(path) = mark("short", identity) {
        let _ = std::fs::remove_file(path);
    }
}

/// The variable that makes `pynum-run` a process that fills the code cache from a job
/// file ([`fill_in_background`]) and exits, with no interpreter.
pub const FILL_JOB_VARIABLE: &str = "PYNUM_INTERNAL_FILL_CODE_CACHE";

/// What separates the modules of a job file (LIR's text has no such line).
const JOB_SEPARATOR: &str = "\n;;;; pynum code cache job\n";

/// Starts a process of its own (this executable, [`FILL_JOB_VARIABLE`] set, no output,
/// its own process group) that compiles `modules` (LIR text) with LLVM and keeps their
/// code in the cache, and does not wait for it: a run whose hot code never reached tier 2
/// leaves it to the runs after it without paying for LLVM itself.
pub fn fill_in_background(modules: &[String]) {
    use std::os::unix::process::CommandExt;
    let Some(dir) = directory() else { return };
    if std::fs::create_dir_all(&dir).is_err() {
        return;
    }
    let Ok(executable) = std::env::current_exe() else { return };
    let nanos = std::time::SystemTime::now().duration_since(std::time::UNIX_EPOCH).map_or(0, |d| d.subsec_nanos());
    let job = dir.join(format!(".job-{}-{nanos}", std::process::id()));
    if std::fs::write(&job, modules.join(JOB_SEPARATOR)).is_err() {
        return;
    }
    let started = std::process::Command::new(executable)
        .env(FILL_JOB_VARIABLE, &job)
        .stdin(std::process::Stdio::null())
        .stdout(std::process::Stdio::null())
        .stderr(std::process::Stdio::null())
        .process_group(0)
        .spawn();
    if started.is_err() {
        let _ = std::fs::remove_file(&job);
    }
}

/// The filling process's work: every module of the job file (removed first) that the
/// cache does not hold yet, compiled by LLVM and kept.
pub fn fill_from_job(job: &std::path::Path) {
    let Ok(text) = std::fs::read_to_string(job) else { return };
    let _ = std::fs::remove_file(job);
    for module_text in text.split(JOB_SEPARATOR) {
        let Ok(module) = lir::parse_module(module_text) else { continue };
        // The copy the run's lookups key by: what the cache, as a backend, is handed.
        let module = pynum_jit::driver::backend_copy(&CodeCache::default(), &module).unwrap_or(module);
        if load(&module).is_ok() {
            continue;
        }
        let dumps = DumpOptions { keep_object: true, ..DumpOptions::default() };
        if let Ok(code) = crate::LoadedLlvm::shared().compile(&module, &dumps) {
            let object = code.dumps().object;
            if !object.is_empty() {
                store(&module, &object);
            }
        }
    }
}

/// The code of `module`'s entry, loaded.
pub fn load(module: &lir::Module) -> Result<Box<dyn NativeCode>, LoadError> {
    let started = Instant::now();
    let key = key(module).ok_or(LoadError::Miss)?;
    let path = path_of(&key).ok_or(LoadError::Miss)?;
    let bytes = std::fs::read(path).map_err(|_| LoadError::Miss)?;
    let object = entry_object(&bytes, &key).ok_or(LoadError::Miss)?;
    let has_resume = !module.functions[0].resume_blocks().is_empty();
    let linked = link(object, has_resume).map_err(LoadError::Refused)?;
    Ok(Box::new(CachedCode {
        facts: CodeFacts {
            entry: linked.entry,
            resume_entry: linked.resume_entry,
            dumps: Dumps::default(),
            compile_time: started.elapsed(),
        },
        _memory: linked.memory,
    }))
}

/// The object of an entry whose key is `key`, or `None` for a damaged or other entry.
fn entry_object<'a>(bytes: &'a [u8], key: &str) -> Option<&'a [u8]> {
    let (object_length, rest) = after_key(bytes, MAGIC, key)?.split_first_chunk::<8>()?;
    let object_length = usize::try_from(u64::from_le_bytes(*object_length)).ok()?;
    let (sum, object) = rest.split_first_chunk::<8>()?;
    (object.len() == object_length && u64::from_le_bytes(*sum) == checksum(object)).then_some(object)
}

/// What follows `magic`, the key's length and the key in a file of the cache, when the
/// file starts so and its key is `key` (compared whole: a hash collision is a miss).
fn after_key<'a>(bytes: &'a [u8], magic: &[u8; 8], key: &str) -> Option<&'a [u8]> {
    let rest = bytes.strip_prefix(magic.as_slice())?;
    let (length, rest) = rest.split_first_chunk::<8>()?;
    let length = usize::try_from(u64::from_le_bytes(*length)).ok()?;
    (rest.get(..length)? == key.as_bytes()).then(|| &rest[length..])
}

/// The object's checksum, kept in its entry: a damaged file is a miss, never code run.
fn checksum(object: &[u8]) -> u64 {
    boundary::fnv(0x6a09_e667_f3bc_c908, object)
}

/// An object's code, placed and relocated, and its entries.
struct Linked {
    memory: memmap2::Mmap,
    entry: EntryFn,
    resume_entry: Option<EntryFn>,
}

/// Places `object`'s allocated sections in one mapping, applies its relocations and makes
/// the mapping executable.
fn link(object: &[u8], has_resume: bool) -> Result<Linked, String> {
    let file = ElfFile64::<object::Endianness>::parse(object).map_err(|e| e.to_string())?;
    if file.elf_header().e_machine(file.endian()) != elf::EM_X86_64 {
        return Err("not an x86-64 object".into());
    }
    // Where each allocated section goes.
    let mut placed: HashMap<SectionIndex, usize> = HashMap::new();
    let mut size = 0usize;
    for section in file.sections() {
        let SectionFlags::Elf { sh_flags } = section.flags() else { continue };
        if sh_flags & u64::from(elf::SHF_ALLOC) == 0 || section.size() == 0 {
            continue;
        }
        if sh_flags & u64::from(elf::SHF_WRITE) != 0 {
            return Err(format!("writable section {}", section.name().unwrap_or("?")));
        }
        let align = usize::try_from(section.align().max(1)).map_err(|e| e.to_string())?;
        size = size.next_multiple_of(align);
        placed.insert(section.index(), size);
        size += usize::try_from(section.size()).map_err(|e| e.to_string())?;
    }
    if size == 0 {
        return Err("no code".into());
    }
    let mut memory = memmap2::MmapMut::map_anon(size).map_err(|e| e.to_string())?;
    let base = memory.as_ptr() as usize;
    for section in file.sections() {
        let Some(&offset) = placed.get(&section.index()) else { continue };
        // `.bss`-like sections have no bytes in the file and stay zero.
        if section.kind() != object::SectionKind::UninitializedData {
            let data = section.data().map_err(|e| e.to_string())?;
            memory[offset..offset + data.len()].copy_from_slice(data);
        }
    }
    let symbol_address = |index: object::SymbolIndex| -> Result<usize, String> {
        let symbol = file.symbol_by_index(index).map_err(|e| e.to_string())?;
        match symbol.section_index() {
            Some(section) => {
                let offset = placed.get(&section).ok_or("a symbol in a section not loaded")?;
                Ok(base + offset + symbol.address() as usize)
            }
            None => {
                let name = symbol.name().map_err(|e| e.to_string())?;
                external_address(name).ok_or_else(|| format!("unknown symbol {name}"))
            }
        }
    };
    for section in file.sections() {
        let Some(&section_offset) = placed.get(&section.index()) else { continue };
        for (offset, relocation) in section.relocations() {
            let target = match relocation.target() {
                RelocationTarget::Symbol(index) => symbol_address(index)?,
                RelocationTarget::Section(index) => {
                    base + placed.get(&index).ok_or("a relocation against a section not loaded")?
                }
                _ => return Err("a relocation without a target".into()),
            };
            let RelocationFlags::Elf { r_type } = relocation.flags() else {
                return Err("not an ELF relocation".into());
            };
            let at = section_offset + usize::try_from(offset).map_err(|e| e.to_string())?;
            let place = (base + at) as i64;
            let value = (target as i64).wrapping_add(relocation.addend());
            let write = |memory: &mut memmap2::MmapMut, bytes: &[u8]| -> Result<(), String> {
                memory.get_mut(at..at + bytes.len()).ok_or("a relocation outside its section")?.copy_from_slice(bytes);
                Ok(())
            };
            match r_type {
                elf::R_X86_64_64 => write(&mut memory, &value.to_le_bytes())?,
                elf::R_X86_64_PC64 => write(&mut memory, &value.wrapping_sub(place).to_le_bytes())?,
                elf::R_X86_64_PC32 | elf::R_X86_64_PLT32 => {
                    let relative =
                        i32::try_from(value.wrapping_sub(place)).map_err(|_| "a PC-relative target out of range")?;
                    write(&mut memory, &relative.to_le_bytes())?
                }
                elf::R_X86_64_32 => {
                    let absolute = u32::try_from(value).map_err(|_| "a 32-bit address out of range")?;
                    write(&mut memory, &absolute.to_le_bytes())?
                }
                elf::R_X86_64_32S => {
                    let absolute = i32::try_from(value).map_err(|_| "a 32-bit address out of range")?;
                    write(&mut memory, &absolute.to_le_bytes())?
                }
                other => return Err(format!("relocation type {other}")),
            }
        }
    }
    let find = |name: &str| -> Option<usize> {
        let symbol = file.symbols().find(|s| s.name() == Ok(name) && s.is_definition())?;
        Some(base + placed.get(&symbol.section_index()?)? + symbol.address() as usize)
    };
    let entry = find(boundary::ENTRY_SYMBOL).ok_or("no entry symbol")?;
    let resume_entry =
        if has_resume { Some(find(boundary::RESUME_ENTRY_SYMBOL).ok_or("no resume entry")?) } else { None };
    let memory = memory.make_exec().map_err(|e| e.to_string())?;
    // SAFETY: LLVM built both entries with exactly `EntryFn`'s signature, and their code
    // now lies relocated in `memory`, which the returned value keeps.
    let as_entry = |address: usize| unsafe { std::mem::transmute::<usize, EntryFn>(address) };
    Ok(Linked { memory, entry: as_entry(entry), resume_entry: resume_entry.map(as_entry) })
}

/// The address of a symbol the object does not define: a runtime helper of the ABI, the
/// poll flags, or a function of the C library (or the math library) in this process.
fn external_address(name: &str) -> Option<usize> {
    if name == boundary::POLL_FLAGS_SYMBOL {
        return Some(pynum_runtime::poll_flags_address());
    }
    if let Some(helper) = lir::helper(name) {
        return Some(helper.address as usize);
    }
    let library = libloading::os::unix::Library::this();
    let symbol_name = std::ffi::CString::new(name).ok()?;
    // SAFETY: only the address is read; nothing is called here.
    let symbol = unsafe { library.get::<*const ()>(symbol_name.as_bytes_with_nul()) }.ok()?;
    let address = symbol.into_raw() as usize;
    (address != 0).then_some(address)
}

/// Code loaded from the cache; the mapping lives as long as the value.
struct CachedCode {
    facts: CodeFacts,
    _memory: memmap2::Mmap,
}

impl NativeCode for CachedCode {
    fn facts(&self) -> &CodeFacts {
        &self.facts
    }
}
