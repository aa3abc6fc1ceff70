-- The invoice e-mail body is plain text now (a blank line between paragraphs): bodies saved as HTML
-- become text — paragraph and line breaks kept, other tags dropped, the common entities decoded.
UPDATE "tenants" SET "invoice_email_body" = replace(replace(replace(replace(replace(
  regexp_replace(
    regexp_replace(regexp_replace("invoice_email_body", '</p>\s*<p[^>]*>', E'\n\n', 'gi'), '<br\s*/?>', E'\n', 'gi'),
    '<[^>]+>', '', 'g'),
  '&lt;', '<'), '&gt;', '>'), '&quot;', '"'), '&#39;', ''''), '&amp;', '&')
WHERE "invoice_email_body" ~ '<[a-zA-Z/]';
