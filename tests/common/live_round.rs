//! One live breaker round's run, shared by its tests (live_breaker52..55): the round's
//! driver (`tests/peers/NAME_drive.py BIN OUTDIR`) runs every mode once behind the real
//! proxy, into `target/tmp/<round>`, and the tests read its files and the predictions file.

use crate::harness;

use std::path::{Path, PathBuf};
use std::process::Command;
use std::sync::OnceLock;

use serde_json::Value;

const BIN: &str = env!("CARGO_BIN_EXE_a2a-interop");

/// A live round: its name (the output directory under `CARGO_TARGET_TMPDIR`), its driver
/// (a file of `tests/peers/`) and its predictions file (relative to the crate root).
pub struct LiveRound {
    name: &'static str,
    driver: &'static str,
    predictions: &'static str,
    run: OnceLock<(PathBuf, String)>,
}

impl LiveRound {
    /// A round not run yet (for a `static`).
    pub const fn new(name: &'static str, driver: &'static str, predictions: &'static str) -> Self {
        LiveRound {
            name,
            driver,
            predictions,
            run: OnceLock::new(),
        }
    }

    /// The one run of every mode: its directory and the table the driver printed. The
    /// directory is replaced by each run (the tests share it); a driver that fails fails
    /// the test with its table and stderr.
    pub fn run(&self) -> &(PathBuf, String) {
        self.run.get_or_init(|| {
            let dir = Path::new(env!("CARGO_TARGET_TMPDIR")).join(self.name);
            let _ = std::fs::remove_dir_all(&dir);
            std::fs::create_dir_all(&dir).unwrap();
            let o = Command::new("python3")
                .arg(harness::peers_dir().join(self.driver))
                .arg(BIN)
                .arg(&dir)
                .output()
                .unwrap();
            let table = String::from_utf8_lossy(&o.stdout).to_string();
            assert!(
                o.status.success(),
                "{table}\n{}",
                String::from_utf8_lossy(&o.stderr)
            );
            (dir, table)
        })
    }

    /// `OUTDIR/NAME` of the run as JSON.
    pub fn json_file(&self, name: &str) -> Value {
        let (dir, table) = self.run();
        serde_json::from_slice(
            &std::fs::read(dir.join(name)).unwrap_or_else(|e| panic!("{name}: {e}\n{table}")),
        )
        .unwrap()
    }

    /// The predictions file.
    pub fn predictions(&self) -> Value {
        serde_json::from_slice(
            &std::fs::read(Path::new(env!("CARGO_MANIFEST_DIR")).join(self.predictions)).unwrap(),
        )
        .unwrap()
    }

    /// The findings of `mode`'s `--report` with rule `rule`.
    pub fn findings(&self, mode: &str, rule: &str) -> Vec<Value> {
        self.json_file(&format!("{mode}.json"))["findings"]
            .as_array()
            .unwrap()
            .iter()
            .filter(|f| f["rule"] == rule)
            .cloned()
            .collect()
    }
}
