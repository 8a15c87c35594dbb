"""schema.org ClaimReview JSON-LD for the reviewed findings, as fact-checking sites publish them.

One ClaimReview per claim of each reviewed finding (claims added since the review are left out): the claim's quote is what was reviewed,
the speaker is its author, the source URL where it appeared, the verdict the rating.
"""

from __future__ import annotations

import json

from jalapeno_audit.reporters import RenderOptions
from jalapeno_audit.reporters.report import Report

_RATING = {"confirmed": 1, "explained": 3, "false-positive": 5}  # 1 = the discrepancy stands, 5 = none


def render(report: Report, options: RenderOptions) -> str:
    items = []
    sources = report.corpus.sources if report.corpus else {}
    for finding in report.findings:
        review = finding.review
        if review is None:
            continue
        for claim in finding.claims:
            if claim.full_id in finding.added_since_review:
                continue  # joined after the review: the verdict does not cover it yet
            source = sources[claim.source]
            item = {
                "@context": "https://schema.org",
                "@type": "ClaimReview",
                "claimReviewed": claim.quote,
                "itemReviewed": {
                    "@type": "Claim",
                    "author": {"@type": "Organization", "name": claim.by},
                    "appearance": {"@type": "CreativeWork", "name": source.title, **({"url": source.url} if source.url else {})},
                },
                "reviewRating": {
                    "@type": "Rating",
                    "ratingValue": _RATING[review.verdict],
                    "bestRating": 5,
                    "worstRating": 1,
                    "alternateName": review.verdict,
                },
                "reviewBody": f"{finding.message} {review.note}",
                "identifier": f"{finding.fingerprint}/{claim.full_id}",
            }
            # The reviewer; a review without `by` was published by the project itself.
            item["author"] = {"@type": "Person", "name": review.by} if review.by else {"@type": "Organization", "name": "jalapeno-audit"}
            if review.date:
                item["datePublished"] = review.date.isoformat()
            items.append(item)
    text = json.dumps(items, indent=2, ensure_ascii=False)
    # JSON-LD is embedded in <script> elements: no quoted text may close one or start markup.
    return text.replace("<", "\\u003c").replace(">", "\\u003e").replace("&", "\\u0026") + "\n"
