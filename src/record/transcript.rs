/*!
Transcript import (`TRANSCRIPT.md`): hand-editable JSON lines converted losslessly into
[`Event`]s. Not built yet.
*/

use super::event::{Event, RecordingHeader};

/// Converts transcript text into a header and events.
pub fn read(_text: &str) -> anyhow::Result<(RecordingHeader, Vec<Event>)> {
    anyhow::bail!("transcript import is not built yet")
}
