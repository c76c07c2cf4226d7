//! Cron expressions: any text parses or is refused; a parsed schedule's next slot is computed (or
//! refused) without a panic or a hang, in a zone with DST and one with a 30-minute shift.
#![no_main]

use chrono::{TimeZone, Utc};
use libfuzzer_sys::fuzz_target;
use pilotdeck::cron::Schedule;
use pilotdeck::cron::expr::CronExpr;

fuzz_target!(|data: &[u8]| {
    let Ok(text) = std::str::from_utf8(data) else {
        return;
    };
    let _ = CronExpr::parse(text);
    if let Ok(schedule) = Schedule::cron(text) {
        let after = Utc.timestamp_opt(1_790_000_000, 0).unwrap();
        for tz in [chrono_tz::Europe::Berlin, chrono_tz::Australia::Lord_Howe] {
            let _ = schedule.next_after(after, tz);
        }
    }
});
