//! Which addresses `web_fetch` refuses without a rule: anything that is not the public internet —
//! loopback, private (RFC 1918, IPv6 unique local), link-local, CGNAT, multicast, unspecified,
//! broadcast and reserved ranges — for IPv4 and IPv6, including IPv4 addresses carried inside IPv6
//! ones (`::ffff:127.0.0.1`, NAT64 `64:ff9b::/96`, 6to4 `2002::/16`).

use std::net::{IpAddr, Ipv4Addr, Ipv6Addr};

/// Why `ip` is not a public internet address, or `None` when it is.
pub fn non_public(ip: IpAddr) -> Option<&'static str> {
    match ip {
        IpAddr::V4(v4) => non_public_v4(v4),
        IpAddr::V6(v6) => non_public_v6(v6),
    }
}

fn non_public_v4(ip: Ipv4Addr) -> Option<&'static str> {
    let [a, b, ..] = ip.octets();
    let reason = match (a, b) {
        _ if ip.is_unspecified() => "unspecified",
        _ if ip.is_broadcast() => "broadcast",
        (0, _) => "\"this network\"",
        (127, _) => "loopback",
        (10, _) | (192, 168) => "private",
        (172, 16..=31) => "private",
        (169, 254) => "link-local",
        (100, 64..=127) => "carrier-grade NAT",
        (224..=239, _) => "multicast",
        (240..=255, _) => "reserved",
        (192, 0) if ip.octets()[2] == 0 => "IETF protocol assignments",
        (198, 18 | 19) => "benchmarking",
        _ => return None,
    };
    Some(reason)
}

fn non_public_v6(ip: Ipv6Addr) -> Option<&'static str> {
    if let Some(v4) = embedded_v4(ip) {
        return non_public_v4(v4);
    }
    let first = ip.segments()[0];
    let reason = match first {
        _ if ip.is_unspecified() => "unspecified",
        _ if ip.is_loopback() => "loopback",
        0xfc00..=0xfdff => "unique local (private)",
        0xfe80..=0xfebf => "link-local",
        0xfec0..=0xfeff => "site-local",
        0xff00..=0xffff => "multicast",
        // The rest of ::/8 (IPv4-compatible and other reserved forms).
        0x0000..=0x00ff => "reserved",
        _ => return None,
    };
    Some(reason)
}

/// The IPv4 address an IPv6 address stands for: IPv4-mapped (`::ffff:a.b.c.d`), NAT64
/// (`64:ff9b::a.b.c.d`) or 6to4 (`2002:aabb:ccdd::`).
fn embedded_v4(ip: Ipv6Addr) -> Option<Ipv4Addr> {
    if let Some(v4) = ip.to_ipv4_mapped() {
        return Some(v4);
    }
    let s = ip.segments();
    let tail = |hi: u16, lo: u16| {
        let [a, b] = hi.to_be_bytes();
        let [c, d] = lo.to_be_bytes();
        Ipv4Addr::new(a, b, c, d)
    };
    match s {
        [0x0064, 0xff9b, 0, 0, 0, 0, hi, lo] => Some(tail(hi, lo)),
        [0x2002, hi, lo, ..] => Some(tail(hi, lo)),
        _ => None,
    }
}

#[cfg(test)]
mod tests {
    use super::*;

    fn reason(text: &str) -> Option<&'static str> {
        non_public(text.parse().unwrap())
    }

    #[test]
    fn public_addresses_pass() {
        for ip in [
            "1.1.1.1",
            "8.8.8.8",
            "93.184.216.34",
            "172.32.0.1",
            "100.128.0.1",
            "2606:4700:4700::1111",
            "2001:db8::1",
        ] {
            assert_eq!(reason(ip), None, "{ip}");
        }
    }

    #[test]
    fn every_non_public_v4_range_is_refused() {
        for (ip, why) in [
            ("127.0.0.1", "loopback"),
            ("127.255.0.9", "loopback"),
            ("10.1.2.3", "private"),
            ("172.16.0.1", "private"),
            ("172.31.255.255", "private"),
            ("192.168.1.1", "private"),
            ("169.254.169.254", "link-local"),
            ("100.64.0.1", "carrier-grade NAT"),
            ("100.127.255.254", "carrier-grade NAT"),
            ("224.0.0.1", "multicast"),
            ("0.0.0.0", "unspecified"),
            ("0.1.2.3", "\"this network\""),
            ("255.255.255.255", "broadcast"),
            ("240.0.0.1", "reserved"),
        ] {
            assert_eq!(reason(ip), Some(why), "{ip}");
        }
    }

    #[test]
    fn every_non_public_v6_range_is_refused_including_embedded_v4() {
        for (ip, why) in [
            ("::1", "loopback"),
            ("::", "unspecified"),
            ("fd00::1", "unique local (private)"),
            ("fe80::1", "link-local"),
            ("ff02::1", "multicast"),
            ("::ffff:127.0.0.1", "loopback"),
            ("::ffff:10.0.0.1", "private"),
            ("::ffff:169.254.169.254", "link-local"),
            ("64:ff9b::c0a8:0101", "private"),
            ("2002:7f00:0001::", "loopback"),
            ("::127.0.0.1", "reserved"),
        ] {
            assert_eq!(reason(ip), Some(why), "{ip}");
        }
        assert_eq!(reason("::ffff:8.8.8.8"), None);
    }
}
