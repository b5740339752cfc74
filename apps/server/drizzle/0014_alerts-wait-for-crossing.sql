ALTER TABLE "alerts" ADD COLUMN "awaits_cross" boolean DEFAULT false NOT NULL;--> statement-breakpoint
-- Instances' alert books learn which price alerts wait for the next crossing.
CREATE OR REPLACE FUNCTION announce_alert_change() RETURNS trigger
LANGUAGE plpgsql AS $$
BEGIN
  IF TG_OP = 'DELETE' THEN
    PERFORM pg_notify('alert_changes', json_build_object('id', OLD.id, 'deleted', true)::text);
  ELSE
    PERFORM pg_notify(
      'alert_changes',
      json_build_object(
        'id', NEW.id,
        'userId', NEW.user_id,
        'symbol', NEW.symbol,
        'kind', NEW.kind,
        'level', NEW.level,
        'repeat', NEW.repeat,
        'state', NEW.state,
        'lastFiredDay', NEW.last_fired_day,
        'awaitsCross', NEW.awaits_cross
      )::text
    );
  END IF;
  RETURN NULL;
END;
$$;
