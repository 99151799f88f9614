//! In-process pipeline: recorder + verifier + proxy. Not built yet.
