//! The machine description printed at the top of every report.

use std::process::Command;

fn first_value(text: &str, key: &str) -> Option<String> {
    text.lines()
        .find(|l| l.split(':').next().map(str::trim) == Some(key))
        .and_then(|l| l.split_once(':'))
        .map(|(_, v)| v.trim().to_string())
}

fn cpu() -> String {
    let info = std::fs::read_to_string("/proc/cpuinfo").unwrap_or_default();
    let model = first_value(&info, "model name").unwrap_or_else(|| "unknown CPU".into());
    let logical = std::thread::available_parallelism().map_or(0, |n| n.get());
    format!("{model}, {logical} logical cores")
}

fn memory() -> String {
    let info = std::fs::read_to_string("/proc/meminfo").unwrap_or_default();
    first_value(&info, "MemTotal")
        .and_then(|v| v.trim_end_matches("kB").trim().parse::<u64>().ok())
        .map_or_else(
            || "unknown".into(),
            |kb| format!("{:.1} GiB", kb as f64 / (1024.0 * 1024.0)),
        )
}

fn os() -> String {
    let release = std::fs::read_to_string("/etc/os-release").unwrap_or_default();
    let name = first_value(&release.replace('=', ":"), "PRETTY_NAME")
        .map(|s| s.trim_matches('"').to_string());
    let kernel = Command::new("uname")
        .arg("-sr")
        .output()
        .ok()
        .and_then(|o| String::from_utf8(o.stdout).ok())
        .map(|s| s.trim().to_string());
    match (name, kernel) {
        (Some(n), Some(k)) => format!("{n} ({k})"),
        (Some(n), None) => n,
        (None, Some(k)) => k,
        (None, None) => std::env::consts::OS.to_string(),
    }
}

/// What the report says of the machine and the build, field by field.
#[derive(Debug, Clone)]
pub struct Machine {
    /// CPU model and logical core count.
    pub cpu: String,
    /// Total memory.
    pub memory: String,
    /// Distribution and kernel.
    pub os: String,
    /// `rustc --version` of the build.
    pub compiler: String,
    /// Cargo profile of the build.
    pub profile: String,
    /// Whether debug assertions were on (timings then mean little).
    pub debug_assertions: bool,
    /// Locked versions of the peer crates.
    pub peers: String,
}

impl Machine {
    /// Reads this machine and the build's facts.
    pub fn read() -> Machine {
        Machine {
            cpu: cpu(),
            memory: memory(),
            os: os(),
            compiler: env!("BENCH_RUSTC_VERSION").to_string(),
            profile: env!("BENCH_PROFILE").to_string(),
            debug_assertions: cfg!(debug_assertions),
            peers: env!("BENCH_PEER_VERSIONS").to_string(),
        }
    }

    /// The header lines: CPU, memory, OS, compiler, profile, peer versions.
    pub fn describe(&self) -> String {
        format!(
            "- CPU: {}\n- memory: {}\n- OS: {}\n- compiler: {}\n- build profile: {}{}\n- peers: {}\n",
            self.cpu,
            self.memory,
            self.os,
            self.compiler,
            self.profile,
            if self.debug_assertions {
                " (debug assertions on: timings are not representative)"
            } else {
                ""
            },
            self.peers,
        )
    }
}

/// Current UTC time as `YYYY-MM-DDTHH-MM-SSZ` (safe in file names).
pub fn timestamp() -> String {
    let secs = std::time::SystemTime::now()
        .duration_since(std::time::UNIX_EPOCH)
        .map_or(0, |d| d.as_secs());
    let (y, m, d) = civil_from_days((secs / 86_400) as i64);
    let t = secs % 86_400;
    format!(
        "{y:04}-{m:02}-{d:02}T{:02}-{:02}-{:02}Z",
        t / 3600,
        (t / 60) % 60,
        t % 60
    )
}

/// Days since 1970-01-01 to a proleptic Gregorian date (Howard Hinnant's
/// well-known algorithm).
fn civil_from_days(days: i64) -> (i64, u32, u32) {
    let z = days + 719_468;
    let era = z.div_euclid(146_097);
    let doe = z.rem_euclid(146_097);
    let yoe = (doe - doe / 1460 + doe / 36_524 - doe / 146_096) / 365;
    let doy = doe - (365 * yoe + yoe / 4 - yoe / 100);
    let mp = (5 * doy + 2) / 153;
    let d = (doy - (153 * mp + 2) / 5 + 1) as u32;
    let m = if mp < 10 { mp + 3 } else { mp - 9 } as u32;
    let y = yoe + era * 400 + i64::from(m <= 2);
    (y, m, d)
}

#[cfg(test)]
mod tests {
    use super::civil_from_days;

    #[test]
    fn dates() {
        assert_eq!(civil_from_days(0), (1970, 1, 1));
        assert_eq!(civil_from_days(19_723), (2024, 1, 1));
        assert_eq!(civil_from_days(19_782), (2024, 2, 29));
    }
}
