-- A manager's rejection refunds a withdrawal only once the Payouts contract cancelled its id at a final block
-- (docs/database.md "Withdrawal payouts"). The legacy API's decision gains `rejecting`: rejected by a manager, its
-- id not yet cancelled on chain. The keeper never pays it; it sends Payouts.cancel(id) and records the chain's final
-- word in `keeper_payout` (cancelled, or paid if the id had been paid after all); only a `cancelled` payout lets the
-- legacy API make it `rejected` and refund it. The database holds these rules too (triggers, not CHECK constraints:
-- the schema engine's diff of the migrations does not finish on one):
-- - legacy_withdrawal.status is one of pending, approved, rejecting, rejected; the moves are pending -> approved |
--   rejecting | rejected, approved -> rejecting | rejected, rejecting -> rejected; rejected is final; and a
--   withdrawal becomes rejected only while the keeper's payout of it is `cancelled` (read through the keeper's view
--   `keeper_withdrawal_payout`);
-- - a `withdraw_refund` wallet log is written only for a rejected withdrawal, and once (its row locked meanwhile,
--   so that two refunds at once wait for each other and the second finds the first).

CREATE FUNCTION legacy_withdrawal_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF NEW.status NOT IN ('pending', 'approved', 'rejecting', 'rejected') THEN
    RAISE EXCEPTION 'legacy_withdrawal %: % is not a withdrawal state', NEW.id, NEW.status;
  END IF;
  IF TG_OP = 'INSERT' OR NEW.status = OLD.status THEN
    RETURN NEW;
  END IF;
  IF NOT ((OLD.status = 'pending' AND NEW.status IN ('approved', 'rejecting', 'rejected'))
       OR (OLD.status = 'approved' AND NEW.status IN ('rejecting', 'rejected'))
       OR (OLD.status = 'rejecting' AND NEW.status = 'rejected')) THEN
    RAISE EXCEPTION 'legacy_withdrawal %: % to % is not a withdrawal move', OLD.id, OLD.status, NEW.status;
  END IF;
  IF NEW.status = 'rejected' AND NOT EXISTS (
      SELECT 1 FROM keeper_withdrawal_payout p WHERE p.withdrawal_id = NEW.id AND p.status = 'cancelled') THEN
    RAISE EXCEPTION 'legacy_withdrawal %: rejected only once its payout is cancelled on chain', OLD.id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER legacy_withdrawal_move BEFORE INSERT OR UPDATE ON "legacy_withdrawal"
  FOR EACH ROW EXECUTE FUNCTION legacy_withdrawal_move();

CREATE FUNCTION legacy_withdraw_refund_once() RETURNS trigger LANGUAGE plpgsql AS $$
DECLARE
  decision text;
BEGIN
  IF NEW.kind <> 'withdraw_refund' THEN
    RETURN NEW;
  END IF;
  SELECT w.status INTO decision FROM legacy_withdrawal w WHERE w.id = NEW.ref_id FOR UPDATE;
  IF decision IS DISTINCT FROM 'rejected' THEN
    RAISE EXCEPTION 'legacy_wallet_log: withdrawal % is %, not rejected: no refund', NEW.ref_id, COALESCE(decision, 'unknown');
  END IF;
  IF EXISTS (SELECT 1 FROM legacy_wallet_log l WHERE l.kind = 'withdraw_refund' AND l.ref_id = NEW.ref_id) THEN
    RAISE EXCEPTION 'legacy_wallet_log: withdrawal % is refunded already', NEW.ref_id;
  END IF;
  RETURN NEW;
END
$$;

CREATE TRIGGER legacy_withdraw_refund_once BEFORE INSERT ON "legacy_wallet_log"
  FOR EACH ROW EXECUTE FUNCTION legacy_withdraw_refund_once();
