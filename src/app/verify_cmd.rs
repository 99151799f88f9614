//! `verify`, `report`, `rules`: not built yet (see the open issues).
use std::process::ExitCode;

use crate::cli::{ReportArgs, RulesArgs, VerifyArgs};

pub fn verify(_a: VerifyArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
pub fn report(_a: ReportArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
pub fn rules(_a: RulesArgs) -> anyhow::Result<ExitCode> {
    anyhow::bail!("not built yet")
}
