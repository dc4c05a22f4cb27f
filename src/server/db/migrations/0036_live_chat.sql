CREATE TABLE "chat_lines" (
	"id" serial PRIMARY KEY NOT NULL,
	"chat_id" integer NOT NULL,
	"author" text NOT NULL,
	"name" text,
	"body" text NOT NULL,
	"desk_message_id" text,
	"forwarded_at" timestamp with time zone,
	"created_at" timestamp with time zone NOT NULL,
	CONSTRAINT "chat_lines_author" CHECK ("chat_lines"."author" in ('person', 'agent', 'portal')),
	CONSTRAINT "chat_lines_body" CHECK (char_length("chat_lines"."body") >= 1 and ("chat_lines"."author" = 'portal' or char_length("chat_lines"."body") <= 2000))
);
--> statement-breakpoint
CREATE TABLE "chats" (
	"id" serial PRIMARY KEY NOT NULL,
	"token_hash" text NOT NULL,
	"member_id" integer,
	"verified" boolean NOT NULL,
	"name" text NOT NULL,
	"email" text NOT NULL,
	"msisdn" text,
	"state" text DEFAULT 'waiting' NOT NULL,
	"agent_name" text,
	"desk_id" text,
	"ticket_id" integer,
	"rating" smallint,
	"ended_by" text,
	"created_at" timestamp with time zone NOT NULL,
	"answered_at" timestamp with time zone,
	"ended_at" timestamp with time zone,
	CONSTRAINT "chats_state" CHECK ("chats"."state" in ('waiting', 'talking', 'ended', 'left')),
	CONSTRAINT "chats_ended_by" CHECK ("chats"."ended_by" in ('person', 'agent', 'unanswered', 'message')),
	CONSTRAINT "chats_rating" CHECK ("chats"."rating" between 1 and 5),
	CONSTRAINT "chats_ended" CHECK (("chats"."state" in ('ended', 'left')) = ("chats"."ended_at" is not null and "chats"."ended_by" is not null)),
	CONSTRAINT "chats_talking" CHECK ("chats"."state" <> 'talking' or ("chats"."agent_name" is not null and "chats"."answered_at" is not null)),
	CONSTRAINT "chats_left" CHECK ("chats"."state" <> 'left' or "chats"."answered_at" is null),
	CONSTRAINT "chats_rated_once_ended" CHECK ("chats"."rating" is null or "chats"."ended_at" is not null)
);
--> statement-breakpoint
ALTER TABLE "chat_lines" ADD CONSTRAINT "chat_lines_chat_id_chats_id_fk" FOREIGN KEY ("chat_id") REFERENCES "public"."chats"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_member_id_members_id_fk" FOREIGN KEY ("member_id") REFERENCES "public"."members"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "chats" ADD CONSTRAINT "chats_ticket_id_tickets_id_fk" FOREIGN KEY ("ticket_id") REFERENCES "public"."tickets"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
CREATE INDEX "chat_lines_chat_idx" ON "chat_lines" USING btree ("chat_id","id");--> statement-breakpoint
CREATE UNIQUE INDEX "chat_lines_desk_message_idx" ON "chat_lines" USING btree ("chat_id","desk_message_id");--> statement-breakpoint
CREATE INDEX "chat_lines_unforwarded_idx" ON "chat_lines" USING btree ("id") WHERE "chat_lines"."author" = 'person' and "chat_lines"."forwarded_at" is null;--> statement-breakpoint
CREATE UNIQUE INDEX "chats_token_idx" ON "chats" USING btree ("token_hash");--> statement-breakpoint
CREATE UNIQUE INDEX "chats_desk_idx" ON "chats" USING btree ("desk_id") WHERE "chats"."desk_id" is not null;--> statement-breakpoint
CREATE INDEX "chats_member_idx" ON "chats" USING btree ("member_id","id");--> statement-breakpoint
CREATE INDEX "chats_waiting_idx" ON "chats" USING btree ("created_at","id") WHERE "chats"."state" = 'waiting';--> statement-breakpoint
CREATE INDEX "chats_answered_idx" ON "chats" USING btree ("answered_at") WHERE "chats"."answered_at" is not null;--> statement-breakpoint
CREATE INDEX "chats_ended_idx" ON "chats" USING btree ("ended_at") WHERE "chats"."ended_at" is not null;