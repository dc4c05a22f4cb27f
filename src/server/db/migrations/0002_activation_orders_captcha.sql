CREATE TABLE "captcha_solutions" (
	"signature" text PRIMARY KEY NOT NULL,
	"expires_at" timestamp with time zone NOT NULL
);
--> statement-breakpoint
CREATE TABLE "sim_stock" (
	"ssn" text PRIMARY KEY NOT NULL,
	"msisdn" text NOT NULL,
	"puk" text NOT NULL,
	"product" text NOT NULL,
	CONSTRAINT "sim_stock_msisdn_shape" CHECK ("sim_stock"."msisdn" ~ '^08[0-9]{8}$')
);
--> statement-breakpoint
CREATE UNIQUE INDEX "sim_stock_msisdn_unique" ON "sim_stock" USING btree ("msisdn");--> statement-breakpoint
CREATE UNIQUE INDEX "orders_one_open_free_sim" ON "orders" USING btree ("member_id") WHERE "orders"."sku" = 'Pre_Start_3FF_N' and "orders"."status" = 'SIM_ORDERED';