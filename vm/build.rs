//! Rebuild when the frozen Python shims change: `py_freeze!` reads them at compile time,
//! which cargo cannot see by itself. And link `pynum-run` as a position-dependent
//! executable: as a PIE, the dynamic loader applied 57,804 relative relocations at every
//! start (rustpython's method tables and vtables), dirtying and copying ~1 MB of
//! `.data.rel.ro`; at a fixed address the linker resolves them once.
fn main() {
    println!("cargo:rerun-if-changed=../stdlib-shims");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bin=pynum-run=-no-pie");
    }
}
