CREATE TABLE "groups" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "groups__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"cities" bigint[],
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "cities" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cities__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" jsonb NOT NULL,
	"lat" double precision NOT NULL,
	"lon" double precision NOT NULL,
	"timezone" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "roles" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "roles__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"access_rights" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "users" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "users__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"login" text NOT NULL,
	"name" text,
	"password" text,
	"type" text,
	"role" bigint,
	"group" bigint,
	"email" text,
	"phone" text,
	"telegram" text,
	"description" text,
	"is_locked" boolean,
	"is_active" boolean,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "vendors" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "vendors__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "types" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "types__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminary_support_types" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminary_support_types__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminary_support_owners" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminary_support_owners__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminary_support_categories" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminary_support_categories__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminary_models" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminary_models__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"code" text,
	"name" text NOT NULL,
	"vendor" bigint NOT NULL,
	"power" double precision,
	"dimensions" text,
	"additional_info" text,
	"body_color" text,
	"control_type" text,
	"diffuser_type" text,
	"emergency_power_supply_unit" text,
	"led_info" text,
	"light_color_type" text,
	"light_intensity_curve" text,
	"mount_type" text,
	"power_supply_position" text,
	"protection_class" text,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "meter_models" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meter_models__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"vendor" bigint NOT NULL,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminary_supports" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminary_supports__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"street" text,
	"address" text,
	"city" bigint,
	"socket_count" integer,
	"sockets" jsonb,
	"type" bigint,
	"support_category" bigint,
	"owner" bigint,
	"road_class" bigint,
	"cabinet" bigint,
	"location_lon" double precision,
	"location_lat" double precision,
	"group" bigint,
	"segment" integer,
	"height" double precision,
	"street_width" double precision,
	"lux_level" double precision,
	"status" text,
	"comment" text,
	"last_received_at" timestamp with time zone,
	"module_update" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminaries" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminaries__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"name" text,
	"support" bigint,
	"model" bigint,
	"control_module" bigint,
	"group" bigint,
	"status" text,
	"location_lon" double precision,
	"location_lat" double precision,
	"description" text,
	"max_lumen" integer,
	"color_temperature" integer,
	"min_power_level" integer,
	"max_power_level" integer,
	"warranted_hours" integer,
	"driver_model_name" text,
	"installation_date" date,
	"brightness" integer,
	"profile_group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "luminary_modules" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "luminary_modules__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"mac" text NOT NULL,
	"uid" text,
	"controller" bigint,
	"phase" integer,
	"location_lon" double precision,
	"location_lat" double precision,
	"group" bigint,
	"segment" integer,
	"city" bigint,
	"luminary_support" bigint,
	"profile_id" bigint,
	"height" double precision,
	"status" text,
	"cl_status" integer,
	"pwm" integer,
	"pow" double precision,
	"lux" double precision,
	"temp" double precision,
	"energy" double precision,
	"runh" double precision,
	"lpwm" integer,
	"cpwm" integer,
	"rssi" integer,
	"twil" integer,
	"raw" jsonb,
	"last_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "controllers" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "controllers__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text,
	"mac" text NOT NULL,
	"imei" text,
	"location_lon" double precision,
	"location_lat" double precision,
	"group" bigint,
	"cabinet" bigint,
	"city" bigint,
	"model" text,
	"status" text,
	"reading_meter" boolean,
	"sequence" jsonb,
	"polarity" integer,
	"iostate" integer,
	"cputemp" double precision,
	"network" text,
	"version" text,
	"cl_status" integer,
	"connected" boolean,
	"last_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "cabinets" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "cabinets__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"uid" text NOT NULL,
	"address" text,
	"meter" bigint,
	"controller" bigint,
	"location_lon" double precision,
	"location_lat" double precision,
	"group" bigint,
	"city" bigint,
	"inversion" jsonb,
	"cl_status" integer,
	"last_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "meters" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meters__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"serial" text NOT NULL,
	"meter_model" bigint,
	"group" bigint,
	"cabinet" bigint,
	"controller" bigint,
	"power_transformation" double precision,
	"voltage_transformation" double precision,
	"tariff_count" integer,
	"energy_data" jsonb,
	"last_received_at" timestamp with time zone,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "meters_average_data" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "meters_average_data__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"meter" bigint NOT NULL,
	"date" timestamp with time zone NOT NULL,
	"group" bigint,
	"na_p" double precision,
	"na_m" double precision,
	"nr_p" double precision,
	"nr_m" double precision,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "group_control" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "group_control__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"id" integer NOT NULL,
	"group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "profiles" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "profiles__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"kind" text,
	"group_control" bigint,
	"group" bigint,
	"country" text,
	"city" bigint,
	"profile_id" integer,
	"twilight_method" text,
	"settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "categories" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "categories__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"group" bigint,
	"settings" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "calendar_profiles" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "calendar_profiles__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"date" date NOT NULL,
	"type" text NOT NULL,
	"label" text,
	"group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "controller_schedule" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "controller_schedule__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"controller" bigint NOT NULL,
	"month" text NOT NULL,
	"group" bigint,
	"time_data" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "politics" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "politics__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"name" text NOT NULL,
	"group" bigint,
	"cities" bigint[],
	"profile" bigint,
	"rules" jsonb,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE TABLE "important_events" (
	"_id" bigint PRIMARY KEY GENERATED ALWAYS AS IDENTITY (sequence name "important_events__id_seq" INCREMENT BY 1 MINVALUE 1 MAXVALUE 9223372036854775807 START WITH 1 CACHE 1),
	"type" text NOT NULL,
	"status" text,
	"open_date" timestamp with time zone,
	"close_date" timestamp with time zone,
	"module" bigint,
	"socket" integer,
	"support" bigint,
	"group" bigint,
	"created_at" timestamp with time zone DEFAULT now() NOT NULL,
	"updated_at" timestamp with time zone DEFAULT now() NOT NULL,
	"deleted_at" timestamp with time zone,
	"created_by" bigint,
	"updated_by" bigint
);

--> statement-breakpoint
CREATE UNIQUE INDEX "groups_name_unique" ON "groups" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "roles_name_unique" ON "roles" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "users_login_unique" ON "users" USING btree ("login") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "users_role_idx" ON "users" USING btree ("role");
--> statement-breakpoint
CREATE INDEX "users_group_idx" ON "users" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "vendors_name_unique" ON "vendors" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "types_name_unique" ON "types" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "luminary_support_types_name_unique" ON "luminary_support_types" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "luminary_support_owners_name_unique" ON "luminary_support_owners" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "luminary_support_categories_name_unique" ON "luminary_support_categories" USING btree ("name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "luminary_models_code_unique" ON "luminary_models" USING btree ("code") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_models_vendor_idx" ON "luminary_models" USING btree ("vendor");
--> statement-breakpoint
CREATE INDEX "meter_models_vendor_idx" ON "meter_models" USING btree ("vendor");
--> statement-breakpoint
CREATE UNIQUE INDEX "meter_models_vendor_name_unique" ON "meter_models" USING btree ("vendor","name") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "luminary_supports_uid_unique" ON "luminary_supports" USING btree ("uid") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_supports_city_idx" ON "luminary_supports" USING btree ("city");
--> statement-breakpoint
CREATE INDEX "luminary_supports_type_idx" ON "luminary_supports" USING btree ("type");
--> statement-breakpoint
CREATE INDEX "luminary_supports_support_category_idx" ON "luminary_supports" USING btree ("support_category");
--> statement-breakpoint
CREATE INDEX "luminary_supports_owner_idx" ON "luminary_supports" USING btree ("owner");
--> statement-breakpoint
CREATE INDEX "luminary_supports_road_class_idx" ON "luminary_supports" USING btree ("road_class");
--> statement-breakpoint
CREATE INDEX "luminary_supports_cabinet_idx" ON "luminary_supports" USING btree ("cabinet");
--> statement-breakpoint
CREATE INDEX "luminary_supports_location_idx" ON "luminary_supports" USING btree ("location_lat","location_lon");
--> statement-breakpoint
CREATE INDEX "luminary_supports_group_idx" ON "luminary_supports" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "luminaries_uid_unique" ON "luminaries" USING btree ("uid") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminaries_support_idx" ON "luminaries" USING btree ("support");
--> statement-breakpoint
CREATE INDEX "luminaries_model_idx" ON "luminaries" USING btree ("model");
--> statement-breakpoint
CREATE INDEX "luminaries_control_module_idx" ON "luminaries" USING btree ("control_module");
--> statement-breakpoint
CREATE INDEX "luminaries_group_idx" ON "luminaries" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "luminaries_location_idx" ON "luminaries" USING btree ("location_lat","location_lon");
--> statement-breakpoint
CREATE INDEX "luminaries_profile_group_idx" ON "luminaries" USING btree ("profile_group");
--> statement-breakpoint
CREATE UNIQUE INDEX "luminary_modules_mac_unique" ON "luminary_modules" USING btree ("mac") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "luminary_modules_controller_idx" ON "luminary_modules" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "luminary_modules_location_idx" ON "luminary_modules" USING btree ("location_lat","location_lon");
--> statement-breakpoint
CREATE INDEX "luminary_modules_group_idx" ON "luminary_modules" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "luminary_modules_city_idx" ON "luminary_modules" USING btree ("city");
--> statement-breakpoint
CREATE INDEX "luminary_modules_luminary_support_idx" ON "luminary_modules" USING btree ("luminary_support");
--> statement-breakpoint
CREATE INDEX "luminary_modules_profile_id_idx" ON "luminary_modules" USING btree ("profile_id");
--> statement-breakpoint
CREATE INDEX "luminary_modules_cl_status_idx" ON "luminary_modules" USING btree ("cl_status");
--> statement-breakpoint
CREATE UNIQUE INDEX "controllers_mac_unique" ON "controllers" USING btree ("mac") WHERE deleted_at is null;
--> statement-breakpoint
CREATE UNIQUE INDEX "controllers_imei_unique" ON "controllers" USING btree ("imei") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "controllers_location_idx" ON "controllers" USING btree ("location_lat","location_lon");
--> statement-breakpoint
CREATE INDEX "controllers_group_idx" ON "controllers" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "controllers_cabinet_idx" ON "controllers" USING btree ("cabinet");
--> statement-breakpoint
CREATE INDEX "controllers_city_idx" ON "controllers" USING btree ("city");
--> statement-breakpoint
CREATE UNIQUE INDEX "cabinets_uid_unique" ON "cabinets" USING btree ("uid") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "cabinets_meter_idx" ON "cabinets" USING btree ("meter");
--> statement-breakpoint
CREATE INDEX "cabinets_controller_idx" ON "cabinets" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "cabinets_location_idx" ON "cabinets" USING btree ("location_lat","location_lon");
--> statement-breakpoint
CREATE INDEX "cabinets_group_idx" ON "cabinets" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "cabinets_city_idx" ON "cabinets" USING btree ("city");
--> statement-breakpoint
CREATE UNIQUE INDEX "meters_serial_unique" ON "meters" USING btree ("serial") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "meters_meter_model_idx" ON "meters" USING btree ("meter_model");
--> statement-breakpoint
CREATE INDEX "meters_group_idx" ON "meters" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "meters_cabinet_idx" ON "meters" USING btree ("cabinet");
--> statement-breakpoint
CREATE INDEX "meters_controller_idx" ON "meters" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "meters_average_data_meter_idx" ON "meters_average_data" USING btree ("meter");
--> statement-breakpoint
CREATE INDEX "meters_average_data_group_idx" ON "meters_average_data" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "meters_average_data_meter_date_unique" ON "meters_average_data" USING btree ("meter","date") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "group_control_group_idx" ON "group_control" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "group_control_group_id_unique" ON "group_control" USING btree ("group","id") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "profiles_group_control_idx" ON "profiles" USING btree ("group_control");
--> statement-breakpoint
CREATE INDEX "profiles_group_idx" ON "profiles" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "profiles_city_idx" ON "profiles" USING btree ("city");
--> statement-breakpoint
CREATE INDEX "categories_group_idx" ON "categories" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "categories_group_date_unique" ON "categories" USING btree ("group","date") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "calendar_profiles_group_idx" ON "calendar_profiles" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "calendar_profiles_group_date_unique" ON "calendar_profiles" USING btree ("group","date") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "controller_schedule_controller_idx" ON "controller_schedule" USING btree ("controller");
--> statement-breakpoint
CREATE INDEX "controller_schedule_group_idx" ON "controller_schedule" USING btree ("group");
--> statement-breakpoint
CREATE UNIQUE INDEX "controller_schedule_controller_month_unique" ON "controller_schedule" USING btree ("controller","month") WHERE deleted_at is null;
--> statement-breakpoint
CREATE INDEX "politics_group_idx" ON "politics" USING btree ("group");
--> statement-breakpoint
CREATE INDEX "politics_profile_idx" ON "politics" USING btree ("profile");
--> statement-breakpoint
CREATE INDEX "important_events_module_idx" ON "important_events" USING btree ("module");
--> statement-breakpoint
CREATE INDEX "important_events_support_idx" ON "important_events" USING btree ("support");
--> statement-breakpoint
CREATE INDEX "important_events_group_idx" ON "important_events" USING btree ("group");
