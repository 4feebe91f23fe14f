-- The keeper's payout states (docs/database.md "Withdrawal payouts", apps/keeper/README.md), held by the database
-- too: a status other than paying, paid, failed or cancelled is refused, and so is every move the keeper never
-- makes. Only the chain moves a payout: paying -> paid | failed | cancelled, failed -> paid | cancelled; paid and
-- cancelled are final, and a claim is given back (its row deleted) only while it is paying. (A trigger, not a CHECK
-- constraint: the schema engine's diff of the migrations does not finish on one.)
CREATE FUNCTION keeper_payout_move() RETURNS trigger LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    IF OLD.status <> 'paying' THEN
      RAISE EXCEPTION 'keeper_payout %: a % payout is never removed', OLD.withdrawal_id, OLD.status;
    END IF;
    RETURN OLD;
  END IF;
  IF NEW.status NOT IN ('paying', 'paid', 'failed', 'cancelled') THEN
    RAISE EXCEPTION 'keeper_payout %: % is not a payout state', NEW.withdrawal_id, NEW.status;
  END IF;
  IF TG_OP = 'INSERT' THEN
    RETURN NEW;
  END IF;
  IF NEW.withdrawal_id <> OLD.withdrawal_id THEN
    RAISE EXCEPTION 'keeper_payout %: the withdrawal of a payout never changes', OLD.withdrawal_id;
  END IF;
  IF NEW.status = OLD.status
    OR (OLD.status = 'paying' AND NEW.status IN ('paid', 'failed', 'cancelled'))
    OR (OLD.status = 'failed' AND NEW.status IN ('paid', 'cancelled')) THEN
    RETURN NEW;
  END IF;
  RAISE EXCEPTION 'keeper_payout %: % to % is not a payout move', OLD.withdrawal_id, OLD.status, NEW.status;
END
$$;

CREATE TRIGGER keeper_payout_move BEFORE INSERT OR UPDATE OR DELETE ON "keeper_payout"
  FOR EACH ROW EXECUTE FUNCTION keeper_payout_move();
