//! Rebuild when the frozen Python shims change: `py_freeze!` reads them at compile time,
//! which cargo cannot see by itself. Link `pynum-run` as a position-dependent
//! executable: as a PIE, the dynamic loader applied 57,804 relative relocations at every
//! start (rustpython's method tables and vtables), dirtying and copying ~1 MB of
//! `.data.rel.ro`; at a fixed address the linker resolves them once. And lay its
//! functions out in the order `link/symbol-order.txt` gives (see `link/order_symbols.py`):
//! the kernel maps code in 64 KB windows around each touched page, so the functions a
//! run uses, scattered, made 15 MB of machine code resident at start-up; together, 3 MB.
fn main() {
    println!("cargo:rerun-if-changed=../stdlib-shims");
    println!("cargo:rerun-if-changed=link/symbol-order.txt");
    if std::env::var("CARGO_CFG_TARGET_OS").as_deref() == Ok("linux") {
        println!("cargo:rustc-link-arg-bin=pynum-run=-no-pie");
    }
    // lld is rustc's linker for this target (and only lld reads the file); another
    // target or linker keeps the default layout.
    let lld_is_the_linker = std::env::var("TARGET").as_deref() == Ok("x86_64-unknown-linux-gnu")
        && std::env::var("RUSTFLAGS").map_or(true, |flags| !flags.contains("linker"));
    if lld_is_the_linker {
        // The linker reads a copy in OUT_DIR, not the checkout's file: cargo reuses this
        // script's output across checkouts that share a target directory (CI clones into
        // a fresh directory each run), and a path into a deleted checkout fails the link.
        let source = std::path::Path::new(&std::env::var("CARGO_MANIFEST_DIR").unwrap()).join("link/symbol-order.txt");
        let copy = std::path::Path::new(&std::env::var("OUT_DIR").unwrap()).join("symbol-order.txt");
        if std::fs::copy(&source, &copy).is_ok() {
            println!(
                "cargo:rustc-link-arg-bin=pynum-run=-Wl,--symbol-ordering-file={},--no-warn-symbol-ordering",
                copy.display()
            );
        }
    }
}
