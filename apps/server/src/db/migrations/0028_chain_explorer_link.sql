-- A watched deposit method may name a block explorer's transaction page (a URL template with {tx})
-- so clients and the back office can open a transfer's hash there (docs/operations.md, "Watched
-- deposit methods").
ALTER TABLE "chain_watches" ADD COLUMN "explorer_tx_url" text;
