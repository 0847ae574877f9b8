//! Rebuild when the frozen Python shims change: `py_freeze!` reads them at compile time,
//! which cargo cannot see by itself.
fn main() {
    println!("cargo:rerun-if-changed=../stdlib-shims");
}
