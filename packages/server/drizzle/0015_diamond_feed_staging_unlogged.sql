-- Staged feed rows are scratch: a read that dies leaves them to be removed by the next, and a crash
-- loses nothing a read cannot fetch again. Unlogged, staging a million stones writes no WAL (which
-- otherwise forced checkpoints, and full-page writes, during the merge that follows).
ALTER TABLE "diamond_feed_staging" SET UNLOGGED;
