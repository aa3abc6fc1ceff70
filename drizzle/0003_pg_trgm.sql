-- Trigram matching for the grids' global search (ILIKE '%…%'). pg_trgm is a trusted extension: the database owner may create it.
CREATE EXTENSION IF NOT EXISTS pg_trgm;
