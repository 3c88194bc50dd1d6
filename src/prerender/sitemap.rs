//! What crawlers read besides the pages: the sitemap (every page of the site in every language,
//! each with its other languages as alternates), `robots.txt` pointing at it, and the public address
//! both are written for.

use super::pages::Page;
use crate::strings::Lang;

/// The public address the site is served from, as `https://host/path/` (with its final `/`): page
/// addresses in the head, the sitemap and the preview pictures are absolute.
pub fn site_url(raw: &str) -> Result<String, String> {
    let raw = raw.trim();
    let scheme_ok = raw.starts_with("https://") || raw.starts_with("http://");
    let host = raw.split("://").nth(1).unwrap_or_default();
    if !scheme_ok || host.is_empty() || host.starts_with('/') {
        return Err(format!(
            "SITE_URL must be an http:// or https:// address, like https://example.org/bloom/ (got “{raw}”)"
        ));
    }
    if raw.contains(['"', '<', '>', ' ', '?', '#', '\'']) {
        return Err(format!(
            "SITE_URL must be a plain address without quotes, spaces, ? or # (got “{raw}”)"
        ));
    }
    Ok(if raw.ends_with('/') {
        raw.to_owned()
    } else {
        format!("{raw}/")
    })
}

/// The sitemap: every page of the site in every language at its address, each with its other
/// languages as alternates.
pub fn sitemap(url: &str) -> String {
    let mut xml = String::from(
        "<?xml version=\"1.0\" encoding=\"UTF-8\"?>\n<urlset xmlns=\"http://www.sitemaps.org/schemas/sitemap/0.9\" xmlns:xhtml=\"http://www.w3.org/1999/xhtml\">\n",
    );
    for page in Page::all()
        .into_iter()
        .filter(|page| page.site_page().is_some())
    {
        for lang in Lang::ALL {
            xml.push_str(&format!("<url><loc>{url}{}</loc>", page.address(lang)));
            for other in Lang::ALL {
                xml.push_str(&format!(
                    "<xhtml:link rel=\"alternate\" hreflang=\"{}\" href=\"{url}{}\"/>",
                    other.code(),
                    page.address(other)
                ));
            }
            xml.push_str("</url>\n");
        }
    }
    xml.push_str("</urlset>\n");
    xml
}

/// `robots.txt`: everything may be crawled; the sitemap is here.
pub fn robots(url: &str) -> String {
    format!("User-agent: *\nAllow: /\n\nSitemap: {url}sitemap.xml\n")
}

#[cfg(test)]
mod tests {
    use super::*;

    #[test]
    fn the_sitemap_lists_each_address_with_its_alternates() {
        let xml = sitemap("https://example.org/");
        assert_eq!(xml.matches("<url>").count(), 66);
        assert!(xml.contains("<loc>https://example.org/zh/counting/</loc>"));
        assert!(xml.contains("<url><loc>https://example.org/ja/learn/8/</loc><xhtml:link rel=\"alternate\" hreflang=\"en\" href=\"https://example.org/learn/8/\"/>"));
        assert!(!xml.contains("embed/chart"));
        assert!(
            robots("https://example.org/").ends_with("Sitemap: https://example.org/sitemap.xml\n")
        );
    }

    #[test]
    fn site_addresses_are_absolute_and_end_in_a_slash() {
        assert_eq!(
            site_url("https://example.org/bloom").unwrap(),
            "https://example.org/bloom/"
        );
        assert_eq!(
            site_url(" http://127.0.0.1:8080/ ").unwrap(),
            "http://127.0.0.1:8080/"
        );
        for bad in [
            "",
            "example.org",
            "https://",
            "ftp://x/",
            "https:///x",
            "https://x/\"a",
            "https://x/?q",
        ] {
            assert!(site_url(bad).is_err(), "{bad}");
        }
    }
}
