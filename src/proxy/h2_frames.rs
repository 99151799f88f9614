/*!
An HTTP/2 agent's interim (`1xx`) flood, seen in the frames it sends (attack59).

hyper's HTTP/2 client never shows interim responses: the h2 library queues each interim
HEADERS frame on its stream and drops it when the request's task next polls for the
answer. An agent that sends them faster than that task runs makes the queue grow: 500,000
`103` heads from an h2c agent took the proxy's peak memory 52 MB up (about 105 bytes
each), with no bound but the agent's speed. HTTP/1.1 agents are cut after
[`super::early::MAX_INTERIMS`] (attack58); this is the same limit for HTTP/2.

[`H2Frames`] reads the frame headers (RFC 9113 §4.1) of the bytes the agent sends, as
they pass to hyper (no copy, no HPACK decoding), and counts the HEADERS frames of each
stream that do not end it: a response has one such frame (its head; the trailers end the
stream), and each interim head is one more. More than `MAX_INTERIMS + 1` on one stream
fail the read with [`super::early::INTERIM_FLOOD`], which ends the agent's connection:
every request on it gets the proxy's `502` naming the cause. Cost per read: one step per
frame header in the bytes read (a DATA frame carries up to 16 KiB); nothing for HTTP/1.1.
*/

use super::early::MAX_INTERIMS;

/// Streams tracked at most (4,096): a stream the proxy reset and the agent never ended
/// stays counted until then; past this the oldest is forgotten.
const MAX_TRACKED: usize = 4096;

/// The frame-header reader of one HTTP/2 connection from an agent.
#[derive(Debug, Default)]
pub struct H2Frames {
    /// The current frame's header bytes gathered so far (`have` of 9).
    head: [u8; 9],
    have: usize,
    /// Payload bytes of the current frame still to pass.
    skip: usize,
    /// HEADERS frames that did not end their stream, per stream still open.
    streams: Vec<(u32, u32)>,
}

impl H2Frames {
    /// Reads `bytes`, the next bytes the agent sent; `true` once a stream got more than
    /// `MAX_INTERIMS + 1` HEADERS frames that did not end it (an interim flood).
    pub fn flooded(&mut self, mut bytes: &[u8]) -> bool {
        while !bytes.is_empty() {
            if self.skip > 0 {
                let k = self.skip.min(bytes.len());
                self.skip -= k;
                bytes = &bytes[k..];
                continue;
            }
            let k = (9 - self.have).min(bytes.len());
            self.head[self.have..self.have + k].copy_from_slice(&bytes[..k]);
            self.have += k;
            bytes = &bytes[k..];
            if self.have < 9 {
                break;
            }
            self.have = 0;
            let h = self.head;
            self.skip = (usize::from(h[0]) << 16) | (usize::from(h[1]) << 8) | usize::from(h[2]);
            let stream = u32::from_be_bytes([h[5], h[6], h[7], h[8]]) & 0x7fff_ffff;
            let end_stream = h[4] & 0x1 != 0;
            match h[3] {
                // HEADERS that leave the stream open: a response head, interim or final
                0x1 if !end_stream => {
                    if let Some((_, n)) = self.streams.iter_mut().find(|(s, _)| *s == stream) {
                        *n += 1;
                        if *n > MAX_INTERIMS + 1 {
                            return true;
                        }
                    } else {
                        if self.streams.len() >= MAX_TRACKED {
                            self.streams.remove(0);
                        }
                        self.streams.push((stream, 1));
                    }
                }
                // the stream ends: HEADERS or DATA with END_STREAM, or RST_STREAM
                0x0 | 0x1 if end_stream => self.streams.retain(|(s, _)| *s != stream),
                0x3 => self.streams.retain(|(s, _)| *s != stream),
                _ => {}
            }
        }
        false
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn frame(kind: u8, flags: u8, stream: u32, payload: &[u8]) -> Vec<u8> {
        let n = payload.len();
        let mut f = vec![(n >> 16) as u8, (n >> 8) as u8, n as u8, kind, flags];
        f.extend_from_slice(&stream.to_be_bytes());
        f.extend_from_slice(payload);
        f
    }

    /// 64 interim heads and a final one pass on a stream, split at any byte; one more is
    /// a flood; a stream that ended starts again from zero; DATA payloads are skipped.
    #[test]
    fn interim_heads_past_the_limit_on_one_stream_are_a_flood() {
        let interim = frame(1, 4, 1, &[0x08, 0x03, b'1', b'0', b'3']);
        let mut ok = frame(4, 0, 0, &[]);
        for _ in 0..MAX_INTERIMS {
            ok.extend(&interim);
        }
        ok.extend(frame(1, 4, 1, &[0x88]));
        ok.extend(frame(0, 0, 1, &[0x01; 300]));
        ok.extend(frame(0, 1, 1, b"ok"));
        // the same count on stream 3, after stream 1 ended
        for _ in 0..=MAX_INTERIMS {
            ok.extend(frame(1, 4, 3, &[0x08, 0x03, b'1', b'0', b'3']));
        }
        for cut in [1, 7, 9, 10, 4096] {
            let mut f = H2Frames::default();
            assert!(!ok.chunks(cut).any(|c| f.flooded(c)), "cut {cut}");
            assert!(f.flooded(&frame(1, 4, 3, &[0x88])), "cut {cut}");
        }
        // trailers (HEADERS with END_STREAM) end the stream
        let mut f = H2Frames::default();
        let mut t = frame(1, 4, 5, &[0x88]);
        t.extend(frame(1, 5, 5, &[]));
        assert!(!f.flooded(&t));
        assert!(f.streams.is_empty());
    }
}
