/*!
Minimal SSE (WHATWG) event splitter for the streaming tests: a whole or partial
`text/event-stream` body in, the `data` of each dispatched event out. Lines end in LF, CR or
CRLF; comment lines are skipped; several `data:` lines join with LF (RPC-005 note). A last
event without its blank line is not dispatched (it was cut off).
*/

/// The `data` payloads of the complete events in `body`, in order.
pub fn events(body: &str) -> Vec<String> {
    let mut out = Vec::new();
    let mut data: Option<String> = None;
    let mut rest = body;
    while !rest.is_empty() {
        let end = rest.find(['\r', '\n']);
        let Some(end) = end else { break }; // unterminated last line: cut off
        let line = &rest[..end];
        let skip = if rest[end..].starts_with("\r\n") {
            2
        } else {
            1
        };
        rest = &rest[end + skip..];
        if line.is_empty() {
            if let Some(d) = data.take() {
                out.push(d);
            }
            continue;
        }
        if line.starts_with(':') {
            continue;
        }
        let (field, value) = match line.split_once(':') {
            Some((f, v)) => (f, v.strip_prefix(' ').unwrap_or(v)),
            None => (line, ""),
        };
        if field == "data" {
            match data.as_mut() {
                Some(d) => {
                    d.push('\n');
                    d.push_str(value);
                }
                None => data = Some(value.to_string()),
            }
        }
    }
    out
}

#[cfg(test)]
mod tests {
    use super::events;

    #[test]
    fn splits_events_with_any_line_ending() {
        let body = ": keep-alive\r\ndata: {\"a\":1}\r\n\r\ndata: x\rdata: y\r\rdata: cut";
        assert_eq!(
            events(body),
            vec!["{\"a\":1}".to_string(), "x\ny".to_string()]
        );
    }
}
