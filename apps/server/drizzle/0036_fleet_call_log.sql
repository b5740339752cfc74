CREATE TABLE "fleet_call_log" (
	"key" text PRIMARY KEY NOT NULL,
	"calls" bigint[] DEFAULT '{}' NOT NULL
);
