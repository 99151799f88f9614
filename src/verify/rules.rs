/*!
The static rule registry. IDs are `AREA-TOPIC-NNN`, permanent, never reused.
*/

use super::finding::Rule;

/// Every rule, in ID order.
pub static RULES: &[Rule] = &[];

/// Looks a rule up by ID (`CARD-URL-002`) or alias (`card-url-doubled-path`).
pub fn lookup(key: &str) -> Option<&'static Rule> {
    RULES
        .iter()
        .find(|r| r.id.eq_ignore_ascii_case(key) || r.name.eq_ignore_ascii_case(key))
}
