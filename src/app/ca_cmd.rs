/*!
`a2a-interop ca init|path`: the local CA that `proxy --forward --intercept-tls` signs its
per-host certificates with ([`crate::proxy::tls`]). The key never leaves its file (mode 0600).
*/

use std::process::ExitCode;

use anyhow::Context as _;

use crate::cli::{CaAction, CaArgs};
use crate::proxy::tls;

/// `ca init`: creates the CA unless present (a present one is loaded and checked first:
/// exit 2 naming the damaged file), prints the certificate path on stdout.
/// `ca path`: prints the certificate path (exit 2 with a hint when there is no CA yet).
///
/// Errors: no CA directory can be found, the files cannot be written / do not exist.
pub fn run(a: CaArgs) -> anyhow::Result<ExitCode> {
    let dir = a.ca_dir.or_else(tls::default_ca_dir).ok_or_else(|| {
        anyhow::anyhow!(
            "no CA directory: neither XDG_CONFIG_HOME nor HOME is set; hint: --ca-dir DIR"
        )
    })?;
    match a.action {
        CaAction::Init => {
            let existed = dir.join(tls::CA_CERT_FILE).exists();
            let p = tls::init_ca(&dir)
                .with_context(|| format!("cannot create the CA in {}", dir.display()))?;
            if existed {
                // "existing" only when it can be used: a damaged pair is named with its fix
                // now, not as a PEM error when the proxy starts (breaker10n N17)
                if let Err(e) = tls::Ca::load(&dir) {
                    crate::errln!("a2a-interop ca: the existing CA cannot be used: {e}");
                    return Ok(ExitCode::from(2));
                }
                crate::errln!("a2a-interop ca: using the existing CA");
            } else {
                crate::errln!(
                    "a2a-interop ca: created a new CA (key in {}, mode 0600)",
                    dir.join(tls::CA_KEY_FILE).display()
                );
            }
            crate::outln!("{}", p.display());
        }
        CaAction::Path => {
            let p = dir.join(tls::CA_CERT_FILE);
            if !p.exists() {
                anyhow::bail!("no CA at {}; hint: a2a-interop ca init", p.display());
            }
            crate::outln!("{}", p.display());
        }
    }
    Ok(ExitCode::SUCCESS)
}
