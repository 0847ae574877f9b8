//! What every backend must pass, in one harness its `lir_run` test calls: the `# run:`
//! lines of the golden filetests ([`run_lines`]) and LIR built by hand
//! ([`hand_built`]), each run on the backend and compared with the LIR interpreter or
//! with the known answer. A new backend gets all of it with one `main`:
//!
//! ```ignore
//! fn main() {
//!     pynum_backend_tests::main(|| Box::new(MyBackend::new()))
//! }
//! ```
//!
//! Assumes it runs as a test binary with `harness = false` (libtest-mimic reads the test
//! arguments) in a crate two folders below the repository root (`targets/<backend>`).

pub mod hand_built;
mod run_lines;

use libtest_mimic::{Arguments, Trial};
use pynum_jit::backend::Backend;

/// Makes the backend a test runs on (a fresh one per test, as tests run in parallel).
pub type MakeBackend = fn() -> Box<dyn Backend>;

/// Runs every test on `make()`'s backend, as a libtest-mimic test binary, and exits with
/// the outcome.
pub fn main(make: MakeBackend) -> ! {
    let args = Arguments::from_args();
    let mut trials = run_lines::trials(make);
    for &(name, test) in hand_built::TESTS {
        trials.push(Trial::test(format!("hand_built::{name}"), move || {
            test(&*make());
            Ok(())
        }));
    }
    libtest_mimic::run(&args, trials).exit();
}
