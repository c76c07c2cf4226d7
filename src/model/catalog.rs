//! Built-in knowledge about common models: context window, output limit, feature support and price,
//! and the cost of a call ([`cost_usd`]).
//!
//! Lookup ([`model_info`]) strips an OpenRouter-style vendor prefix (`anthropic/…`) and matches the
//! longest known id prefix, so dated snapshots (`gpt-4o-2024-08-06`, `claude-haiku-4-5-20251001`)
//! find their family. A `ModelEntry` in `pilotdeck.yaml` overrides any field. Unknown models get
//! the protocol's defaults and no price. Prices are USD per million tokens, list prices at the time of
//! writing; override them in config when they change.

use crate::config::{ImageDetail, Modality, ModelEntry, Protocol};

use super::event::Usage;

/// What pilotdeck knows about one model.
#[derive(Debug, Clone, PartialEq)]
pub struct ModelInfo {
    pub context_window: u64,
    pub max_output_tokens: u64,
    pub supports_tools: bool,
    pub supports_parallel_tool_calls: bool,
    pub supports_thinking: bool,
    pub supports_images: bool,
    /// PDFs, image limits and detail (`multimodal`).
    pub media: MediaLimits,
    /// Reasoning models of OpenAI: take `max_completion_tokens` and `reasoning_effort`, no
    /// temperature.
    pub is_openai_reasoning: bool,
    /// `None` when the price is unknown.
    pub pricing: Option<Pricing>,
    /// True when the model came from the built-in table (or config), false for protocol defaults.
    pub is_known: bool,
}

/// The media a model takes beyond images, and the limits of what it is sent: `multimodal` in config
/// over these defaults. Whether it sees images at all is [`ModelInfo::supports_images`].
#[derive(Debug, Clone, PartialEq)]
pub struct MediaLimits {
    /// Takes PDFs as documents (only the Anthropic and Responses formats can send them; other
    /// models get the extracted text).
    pub pdf: bool,
    pub max_images: u32,
    pub max_image_bytes: u64,
    /// Image types sent as they are; others are re-encoded.
    pub image_types: Vec<String>,
    pub max_pdf_pages: u32,
    pub max_pdf_bytes: u64,
    pub image_detail: Option<ImageDetail>,
}

/// The image types every vision API takes.
pub const IMAGE_TYPES: [&str; 4] = ["image/png", "image/jpeg", "image/gif", "image/webp"];

impl MediaLimits {
    /// The defaults for a model spoken over `protocol` that sees images when `images`.
    pub fn defaults(protocol: Protocol, images: bool) -> MediaLimits {
        let documents = matches!(protocol, Protocol::Anthropic | Protocol::OpenAiResponses);
        MediaLimits {
            pdf: images && documents,
            max_images: 20,
            // Anthropic refuses images over 5 MB; OpenAI takes 20 MB.
            max_image_bytes: if protocol == Protocol::Anthropic {
                5 * 1024 * 1024
            } else {
                20 * 1024 * 1024
            },
            image_types: IMAGE_TYPES.iter().map(|t| (*t).to_owned()).collect(),
            max_pdf_pages: 100,
            max_pdf_bytes: 32 * 1024 * 1024,
            image_detail: None,
        }
    }
}

/// USD per million tokens.
#[derive(Debug, Clone, Copy, PartialEq)]
pub struct Pricing {
    pub input: f64,
    pub output: f64,
    pub cache_read: f64,
    pub cache_write: f64,
}

struct Known {
    prefix: &'static str,
    context: u64,
    output: u64,
    /// tools, parallel, thinking, images
    flags: (bool, bool, bool, bool),
    reasoning: bool,
    /// input, output, cache read, cache write
    price: (f64, f64, f64, f64),
}

const fn m(
    prefix: &'static str,
    context: u64,
    output: u64,
    flags: (bool, bool, bool, bool),
    reasoning: bool,
    price: (f64, f64, f64, f64),
) -> Known {
    Known {
        prefix,
        context,
        output,
        flags,
        reasoning,
        price,
    }
}

const ALL: (bool, bool, bool, bool) = (true, true, true, true);
const NO_THINK: (bool, bool, bool, bool) = (true, true, false, true);
const TEXT_ONLY: (bool, bool, bool, bool) = (true, true, false, false);

/// The built-in table. Order does not matter: the longest matching prefix wins.
const KNOWN: &[Known] = &[
    m(
        "gpt-4.1",
        1_047_576,
        32_768,
        NO_THINK,
        false,
        (2.0, 8.0, 0.5, 0.0),
    ),
    m(
        "gpt-4.1-mini",
        1_047_576,
        32_768,
        NO_THINK,
        false,
        (0.4, 1.6, 0.1, 0.0),
    ),
    m(
        "gpt-4.1-nano",
        1_047_576,
        32_768,
        NO_THINK,
        false,
        (0.1, 0.4, 0.025, 0.0),
    ),
    m(
        "gpt-4o",
        128_000,
        16_384,
        NO_THINK,
        false,
        (2.5, 10.0, 1.25, 0.0),
    ),
    m(
        "gpt-4o-mini",
        128_000,
        16_384,
        NO_THINK,
        false,
        (0.15, 0.6, 0.075, 0.0),
    ),
    m("o3", 200_000, 100_000, ALL, true, (2.0, 8.0, 0.5, 0.0)),
    m(
        "o3-mini",
        200_000,
        100_000,
        (true, true, true, false),
        true,
        (1.1, 4.4, 0.55, 0.0),
    ),
    m(
        "o4-mini",
        200_000,
        100_000,
        ALL,
        true,
        (1.1, 4.4, 0.275, 0.0),
    ),
    m(
        "gpt-5",
        400_000,
        128_000,
        ALL,
        true,
        (1.25, 10.0, 0.125, 0.0),
    ),
    m(
        "gpt-5-mini",
        400_000,
        128_000,
        ALL,
        true,
        (0.25, 2.0, 0.025, 0.0),
    ),
    m(
        "gpt-5-nano",
        400_000,
        128_000,
        ALL,
        true,
        (0.05, 0.4, 0.005, 0.0),
    ),
    m(
        "claude-sonnet-4-5",
        200_000,
        64_000,
        ALL,
        false,
        (3.0, 15.0, 0.3, 3.75),
    ),
    m(
        "claude-sonnet-4",
        200_000,
        64_000,
        ALL,
        false,
        (3.0, 15.0, 0.3, 3.75),
    ),
    m(
        "claude-opus-4-1",
        200_000,
        32_000,
        ALL,
        false,
        (15.0, 75.0, 1.5, 18.75),
    ),
    m(
        "claude-opus-4",
        200_000,
        32_000,
        ALL,
        false,
        (15.0, 75.0, 1.5, 18.75),
    ),
    m(
        "claude-haiku-4-5",
        200_000,
        64_000,
        ALL,
        false,
        (1.0, 5.0, 0.1, 1.25),
    ),
    m(
        "claude-3-5-haiku",
        200_000,
        8_192,
        NO_THINK,
        false,
        (0.8, 4.0, 0.08, 1.0),
    ),
    m(
        "deepseek-chat",
        128_000,
        8_192,
        TEXT_ONLY,
        false,
        (0.28, 0.42, 0.028, 0.0),
    ),
    m(
        "deepseek-reasoner",
        128_000,
        64_000,
        (true, true, true, false),
        false,
        (0.28, 0.42, 0.028, 0.0),
    ),
    m(
        "qwen-plus",
        131_072,
        16_384,
        (true, true, true, false),
        false,
        (0.4, 1.2, 0.08, 0.0),
    ),
    m(
        "qwen-max",
        32_768,
        8_192,
        TEXT_ONLY,
        false,
        (1.6, 6.4, 0.32, 0.0),
    ),
    m(
        "gemini-2.5-pro",
        1_048_576,
        65_536,
        ALL,
        false,
        (1.25, 10.0, 0.31, 0.0),
    ),
    m(
        "gemini-2.5-flash",
        1_048_576,
        65_536,
        ALL,
        false,
        (0.3, 2.5, 0.075, 0.0),
    ),
];

/// Information about `model` spoken over `protocol`, with `entry` (from config) applied on top.
pub fn model_info(protocol: Protocol, model: &str, entry: Option<&ModelEntry>) -> ModelInfo {
    let bare = model
        .rsplit('/')
        .next()
        .unwrap_or(model)
        .to_ascii_lowercase();
    let known = KNOWN
        .iter()
        .filter(|k| {
            bare.strip_prefix(k.prefix)
                .is_some_and(|rest| rest.is_empty() || rest.starts_with(['-', '.', ':', '@']))
        })
        .max_by_key(|k| k.prefix.len());
    let mut info = match known {
        Some(k) => ModelInfo {
            context_window: k.context,
            max_output_tokens: k.output,
            supports_tools: k.flags.0,
            supports_parallel_tool_calls: k.flags.1,
            supports_thinking: k.flags.2,
            supports_images: k.flags.3,
            media: MediaLimits::defaults(protocol, k.flags.3),
            is_openai_reasoning: k.reasoning,
            pricing: Some(Pricing {
                input: k.price.0,
                output: k.price.1,
                cache_read: k.price.2,
                cache_write: k.price.3,
            }),
            is_known: true,
        },
        None => protocol_defaults(protocol),
    };
    if let Some(entry) = entry {
        apply_entry(&mut info, entry);
    }
    info
}

impl ModelInfo {
    /// The cost of `usage` in USD, when the price is known.
    pub fn cost_usd(&self, usage: &Usage) -> Option<f64> {
        self.pricing.as_ref().map(|p| cost_usd(usage, p))
    }
}

/// Defaults for a model pilotdeck does not know.
pub fn protocol_defaults(protocol: Protocol) -> ModelInfo {
    let (context_window, max_output_tokens, supports_images) = match protocol {
        Protocol::Anthropic => (200_000, 8_192, true),
        Protocol::OpenAiResponses => (128_000, 16_384, true),
        Protocol::Google => (1_048_576, 8_192, true),
        Protocol::OpenAi => (128_000, 4_096, false),
    };
    ModelInfo {
        context_window,
        max_output_tokens,
        supports_tools: true,
        supports_parallel_tool_calls: true,
        supports_thinking: false,
        supports_images,
        media: MediaLimits::defaults(protocol, supports_images),
        is_openai_reasoning: false,
        pricing: None,
        is_known: false,
    }
}

fn apply_multimodal(info: &mut ModelInfo, m: &crate::config::Multimodal) {
    let media = &mut info.media;
    if let Some(input) = &m.input {
        info.supports_images = input.contains(&Modality::Image);
        media.pdf = input.contains(&Modality::Pdf);
    }
    if let Some(v) = m.max_images_per_request {
        media.max_images = v;
    }
    if let Some(v) = m.max_image_bytes {
        media.max_image_bytes = v;
    }
    if let Some(v) = &m.supported_image_mime_types {
        media.image_types = v.iter().map(|t| t.to_ascii_lowercase()).collect();
    }
    if let Some(v) = m.max_pdf_pages {
        media.max_pdf_pages = v;
    }
    if let Some(v) = m.max_pdf_bytes {
        media.max_pdf_bytes = v;
    }
    if m.image_detail.is_some() {
        media.image_detail = m.image_detail;
    }
}

fn apply_entry(info: &mut ModelInfo, entry: &ModelEntry) {
    let caps = &entry.capabilities;
    let set = |target: &mut bool, value: Option<bool>| {
        if let Some(v) = value {
            *target = v;
        }
    };
    set(&mut info.supports_tools, caps.supports_tool_use);
    set(
        &mut info.supports_parallel_tool_calls,
        caps.supports_parallel_tool_calls,
    );
    set(&mut info.supports_thinking, caps.supports_thinking);
    set(&mut info.supports_images, caps.supports_images);
    if let Some(m) = entry.multimodal() {
        apply_multimodal(info, m);
    }
    if let Some(v) = caps.max_context_tokens {
        info.context_window = v;
        info.is_known = true;
    }
    if let Some(v) = caps.max_output_tokens {
        info.max_output_tokens = v;
    }
    if let Some(p) = &entry.pricing {
        let base = info.pricing.unwrap_or(Pricing {
            input: 0.0,
            output: 0.0,
            cache_read: 0.0,
            cache_write: 0.0,
        });
        let input = p.input.unwrap_or(base.input);
        info.pricing = Some(Pricing {
            input,
            output: p.output.unwrap_or(base.output),
            // An unknown cache price falls back to the input price (never under-reports).
            cache_read: p.cache_read.unwrap_or(if base.cache_read > 0.0 {
                base.cache_read
            } else {
                input
            }),
            cache_write: p.cache_write.unwrap_or(base.cache_write),
        });
    }
}

/// The cost of `usage` in USD. A zero cache-write price means the provider does not charge extra
/// for cache writes, so those tokens are billed at the input price.
pub fn cost_usd(usage: &Usage, pricing: &Pricing) -> f64 {
    let per_token = |tokens: u64, price: f64| tokens as f64 * price / 1_000_000.0;
    let write_price = if pricing.cache_write > 0.0 {
        pricing.cache_write
    } else {
        pricing.input
    };
    per_token(usage.input_tokens, pricing.input)
        + per_token(usage.output_tokens, pricing.output)
        + per_token(usage.cache_read_tokens, pricing.cache_read)
        + per_token(usage.cache_write_tokens, write_price)
}

#[cfg(test)]
mod tests {
    use super::*;
    use crate::config::{Capabilities, ModelPricing};

    #[test]
    fn longest_prefix_and_snapshots() {
        let mini = model_info(Protocol::OpenAi, "gpt-4o-mini-2024-07-18", None);
        assert_eq!(mini.pricing.unwrap().input, 0.15);
        let four_o = model_info(Protocol::OpenAi, "gpt-4o-2024-08-06", None);
        assert_eq!(four_o.pricing.unwrap().input, 2.5);
        let haiku = model_info(Protocol::Anthropic, "claude-haiku-4-5-20251001", None);
        assert_eq!(haiku.max_output_tokens, 64_000);
        let routed = model_info(Protocol::OpenAi, "anthropic/claude-sonnet-4-5", None);
        assert!(routed.is_known);
        assert!(model_info(Protocol::OpenAi, "o3", None).is_openai_reasoning);
        // `o3` must not match `o3x` or `gpt-4o3`.
        assert!(!model_info(Protocol::OpenAi, "o3x", None).is_known);
    }

    #[test]
    fn unknown_models_get_protocol_defaults() {
        let info = model_info(Protocol::OpenAi, "llama3.2:3b", None);
        assert_eq!(info, protocol_defaults(Protocol::OpenAi));
        assert!(info.pricing.is_none());
    }

    #[test]
    fn config_overrides_catalog() {
        let entry = ModelEntry {
            capabilities: Capabilities {
                max_output_tokens: Some(1000),
                supports_thinking: Some(true),
                ..Capabilities::default()
            },
            pricing: Some(ModelPricing {
                input: Some(1.0),
                output: Some(2.0),
                ..ModelPricing::default()
            }),
            ..ModelEntry::default()
        };
        let info = model_info(Protocol::OpenAi, "my-local", Some(&entry));
        assert_eq!(info.max_output_tokens, 1000);
        assert!(info.supports_thinking);
        let pricing = info.pricing.unwrap();
        assert_eq!(
            (pricing.input, pricing.output, pricing.cache_read),
            (1.0, 2.0, 1.0)
        );
    }

    #[test]
    fn cost_adds_each_kind() {
        let pricing = model_info(Protocol::Anthropic, "claude-sonnet-4-5", None)
            .pricing
            .unwrap();
        let usage = Usage {
            input_tokens: 1_000_000,
            output_tokens: 100_000,
            cache_read_tokens: 1_000_000,
            cache_write_tokens: 0,
        };
        let cost = cost_usd(&usage, &pricing);
        assert!((cost - (3.0 + 1.5 + 0.3)).abs() < 1e-9, "{cost}");
    }
}
