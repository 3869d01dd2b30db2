CREATE TYPE "public"."inventory_item_type" AS ENUM('serialized-product', 'generic-product', 'service');--> statement-breakpoint
CREATE TYPE "public"."inventory_return_status" AS ENUM('pending', 'confirmed');--> statement-breakpoint
CREATE TYPE "public"."stock_location" AS ENUM('supplier', 'branch', 'technician', 'pending-return');--> statement-breakpoint
CREATE TABLE "branch_stock" (
	"item_id" uuid NOT NULL,
	"branch_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	CONSTRAINT "branch_stock_item_id_branch_id_pk" PRIMARY KEY("item_id","branch_id"),
	CONSTRAINT "branch_stock_quantity_not_negative" CHECK ("branch_stock"."quantity" >= 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_items" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"code" text NOT NULL,
	"type" "inventory_item_type" NOT NULL,
	"name" text NOT NULL,
	"unit" text DEFAULT 'Piece' NOT NULL,
	"warranty" text DEFAULT '' NOT NULL,
	"mrp_paise" bigint DEFAULT 0 NOT NULL,
	"purchase_price_paise" bigint DEFAULT 0 NOT NULL,
	"sale_price_paise" bigint DEFAULT 0 NOT NULL,
	"created_by" uuid,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "inventory_return_lines" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"return_id" uuid NOT NULL,
	"item_id" uuid NOT NULL,
	"serial_number" text,
	"quantity" integer NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "inventory_return_lines_quantity_positive" CHECK ("inventory_return_lines"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "inventory_returns" (
	"id" uuid PRIMARY KEY DEFAULT gen_random_uuid() NOT NULL,
	"technician_id" uuid NOT NULL,
	"branch_id" uuid,
	"status" "inventory_return_status" DEFAULT 'pending' NOT NULL,
	"confirmed_by" uuid,
	"confirmed_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL
);
--> statement-breakpoint
CREATE TABLE "serial_units" (
	"serial_number" text PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"location" "stock_location" NOT NULL,
	"branch_id" uuid,
	"technician_id" uuid,
	"return_id" uuid,
	"stocked_at" timestamp with time zone DEFAULT now() NOT NULL,
	"remark" text DEFAULT '' NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "serial_units_one_place" CHECK (("serial_units"."location" = 'branch' and "serial_units"."branch_id" is not null and "serial_units"."technician_id" is null and "serial_units"."return_id" is null)
       or ("serial_units"."location" = 'technician' and "serial_units"."technician_id" is not null and "serial_units"."return_id" is null)
       or ("serial_units"."location" = 'pending-return' and "serial_units"."technician_id" is not null and "serial_units"."return_id" is not null))
);
--> statement-breakpoint
CREATE TABLE "stock_movements" (
	"id" bigserial PRIMARY KEY NOT NULL,
	"item_id" uuid NOT NULL,
	"serial_number" text,
	"quantity" integer NOT NULL,
	"from_location" "stock_location" NOT NULL,
	"from_branch_id" uuid,
	"from_technician_id" uuid,
	"to_location" "stock_location" NOT NULL,
	"to_branch_id" uuid,
	"to_technician_id" uuid,
	"return_id" uuid,
	"branch_id" uuid,
	"actor_id" uuid,
	"remark" text DEFAULT '' NOT NULL,
	"moved_on" timestamp with time zone DEFAULT now() NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "stock_movements_quantity_positive" CHECK ("stock_movements"."quantity" > 0)
);
--> statement-breakpoint
CREATE TABLE "technician_stock" (
	"item_id" uuid NOT NULL,
	"technician_id" uuid NOT NULL,
	"quantity" integer DEFAULT 0 NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	CONSTRAINT "technician_stock_item_id_technician_id_pk" PRIMARY KEY("item_id","technician_id"),
	CONSTRAINT "technician_stock_quantity_not_negative" CHECK ("technician_stock"."quantity" >= 0)
);
--> statement-breakpoint
ALTER TABLE "branch_stock" ADD CONSTRAINT "branch_stock_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "branch_stock" ADD CONSTRAINT "branch_stock_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_items" ADD CONSTRAINT "inventory_items_created_by_users_id_fk" FOREIGN KEY ("created_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_return_lines" ADD CONSTRAINT "inventory_return_lines_return_id_inventory_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."inventory_returns"("id") ON DELETE cascade ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_return_lines" ADD CONSTRAINT "inventory_return_lines_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_returns" ADD CONSTRAINT "inventory_returns_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_returns" ADD CONSTRAINT "inventory_returns_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "inventory_returns" ADD CONSTRAINT "inventory_returns_confirmed_by_users_id_fk" FOREIGN KEY ("confirmed_by") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "serial_units" ADD CONSTRAINT "serial_units_return_id_inventory_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."inventory_returns"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_from_branch_id_branches_id_fk" FOREIGN KEY ("from_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_from_technician_id_users_id_fk" FOREIGN KEY ("from_technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_to_branch_id_branches_id_fk" FOREIGN KEY ("to_branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_to_technician_id_users_id_fk" FOREIGN KEY ("to_technician_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_return_id_inventory_returns_id_fk" FOREIGN KEY ("return_id") REFERENCES "public"."inventory_returns"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_branch_id_branches_id_fk" FOREIGN KEY ("branch_id") REFERENCES "public"."branches"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "stock_movements" ADD CONSTRAINT "stock_movements_actor_id_users_id_fk" FOREIGN KEY ("actor_id") REFERENCES "public"."users"("id") ON DELETE set null ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_stock" ADD CONSTRAINT "technician_stock_item_id_inventory_items_id_fk" FOREIGN KEY ("item_id") REFERENCES "public"."inventory_items"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
ALTER TABLE "technician_stock" ADD CONSTRAINT "technician_stock_technician_id_users_id_fk" FOREIGN KEY ("technician_id") REFERENCES "public"."users"("id") ON DELETE restrict ON UPDATE no action;--> statement-breakpoint
CREATE UNIQUE INDEX "inventory_items_code_key" ON "inventory_items" USING btree ("code");--> statement-breakpoint
CREATE INDEX "inventory_return_lines_return_idx" ON "inventory_return_lines" USING btree ("return_id");--> statement-breakpoint
CREATE INDEX "inventory_returns_branch_status_idx" ON "inventory_returns" USING btree ("branch_id","status");--> statement-breakpoint
CREATE INDEX "serial_units_item_location_idx" ON "serial_units" USING btree ("item_id","location");--> statement-breakpoint
CREATE INDEX "stock_movements_item_idx" ON "stock_movements" USING btree ("item_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_branch_idx" ON "stock_movements" USING btree ("branch_id","created_at");--> statement-breakpoint
CREATE INDEX "stock_movements_from_tech_idx" ON "stock_movements" USING btree ("from_technician_id");--> statement-breakpoint
CREATE INDEX "stock_movements_to_tech_idx" ON "stock_movements" USING btree ("to_technician_id");--> statement-breakpoint
CREATE INDEX "stock_movements_from_branch_idx" ON "stock_movements" USING btree ("from_branch_id");--> statement-breakpoint
CREATE INDEX "stock_movements_to_branch_idx" ON "stock_movements" USING btree ("to_branch_id");