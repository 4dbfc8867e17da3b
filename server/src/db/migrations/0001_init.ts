import { type Kysely, sql } from 'kysely'

/**
 * The whole schema. Plain SQL that PostgreSQL 15 and PGlite (PostgreSQL 18) both accept.
 * Money and rates are NUMERIC, calendar days are DATE, moments are TIMESTAMPTZ.
 */
const UP = [
  `create table managers (
    manager_id text primary key,
    manager_name text not null,
    is_verified boolean not null default false,
    avatar_url text,
    is_yingmi_extended boolean not null default false,
    company text,
    intro text,
    career_start date
  )`,
  `create table funds (
    fund_code text primary key,
    fund_name text not null,
    category_code text not null,
    manager_id text references managers,
    setup_date date not null,
    risk_level text not null,
    offering_stage text not null default 'SETUP',
    terminated_date date,
    buy_fee_rate numeric(10,6) not null default 0.0015,
    lowest_buy_amount numeric(16,2) not null default 10,
    can_buy boolean not null default true,
    can_not_buy_reason text,
    intro text
  )`,
  `create index funds_manager_idx on funds (manager_id)`,
  `create table fund_navs (
    fund_code text not null references funds,
    nav_date date not null,
    nav numeric(12,4) not null,
    acc_nav numeric(12,4) not null,
    daily_return numeric(12,6),
    primary key (fund_code, nav_date)
  )`,
  `create table benchmarks (
    index_code text primary key,
    index_short_name text not null,
    name text not null,
    description text
  )`,
  `create table benchmark_values (
    index_code text not null references benchmarks,
    value_date date not null,
    value numeric(14,4) not null,
    primary key (index_code, value_date)
  )`,
  `create table categories (
    category_type text not null,
    category_code text not null,
    name text not null,
    sort integer not null default 0,
    primary key (category_type, category_code)
  )`,
  `create table portfolios (
    po_code text primary key,
    po_name text not null,
    description text,
    sub_title text,
    philosophy text,
    invest_strategy text,
    invest_range text,
    risk_level text not null,
    created_date date not null,
    url text,
    money_type text not null,
    has_advisor boolean not null default false,
    show_notes boolean not null default false,
    is_support_smart_aip boolean not null default false,
    running_with_real_money boolean not null default false,
    asset_classes_testing_index text,
    buyers_count integer not null default 0,
    followers_base integer not null default 0,
    total_unit integer,
    series_type text,
    is_model_po boolean not null default true,
    brand text not null default 'all',
    manager_id text references managers,
    expected_annualized_return_rate numeric(10,6),
    default_drawdown numeric(10,6),
    min_drawdown numeric(10,6),
    thermometer_level integer,
    thermometer_description text,
    how_to_buy text,
    how_to_sell text,
    feature_showcase jsonb not null default '[]',
    performance_showcase jsonb not null default '[]',
    asset_mix_configs jsonb not null default '{}',
    preferences jsonb not null default '{}',
    faq jsonb not null default '[]',
    intro_image_urls jsonb not null default '[]',
    lowest_buy_amount numeric(16,2) not null default 10,
    buy_fee_rate numeric(10,6) not null default 0,
    advisor_fee_rate numeric(10,6),
    advisor_fee_mode text,
    advisor_before_fee_rate numeric(10,6),
    advisor_fee_description text,
    advisor_monthly_cap numeric(16,2),
    advisor_discount numeric(10,6),
    can_buy boolean not null default true,
    can_not_buy_reason text,
    can_redeem boolean not null default true,
    cannot_redeem_reason text,
    can_aip boolean not null default true,
    can_not_aip_reason text,
    can_open_plan boolean not null default true,
    aip_guide_tips text,
    community_url text,
    trade_modes jsonb not null default '[]',
    can_baseline boolean not null default false,
    cannot_baseline_reason text
  )`,
  `create table advisor_fee_steps (
    po_code text not null references portfolios,
    seq integer not null,
    lower_bound numeric(16,2) not null,
    upper_bound numeric(16,2),
    fee_rate numeric(10,6) not null,
    discount_fee_rate numeric(10,6),
    description text,
    primary key (po_code, seq)
  )`,
  `create table portfolio_benchmarks (
    po_code text not null references portfolios,
    index_code text not null references benchmarks,
    is_default boolean not null default false,
    primary key (po_code, index_code)
  )`,
  `create table portfolio_parts (
    po_code text not null references portfolios,
    category_code text not null,
    fund_code text not null references funds,
    percent numeric(10,6) not null,
    unit integer,
    variety_name text,
    latest_movement text not null default 'None',
    latest_movement_name text,
    candidate_fund_codes jsonb not null default '[]',
    acc_profit_rate numeric(12,6),
    primary key (po_code, fund_code)
  )`,
  `create table portfolio_navs (
    po_code text not null references portfolios,
    nav_date date not null,
    nav numeric(12,4) not null,
    real_value numeric(12,4),
    primary key (po_code, nav_date)
  )`,
  `create table adjustments (
    adjustment_id text primary key,
    po_code text not null references portfolios,
    adj_date date not null,
    comment text,
    article_text text,
    article_link text
  )`,
  `create index adjustments_po_idx on adjustments (po_code, adj_date desc)`,
  `create table adjustment_parts (
    adjustment_id text not null references adjustments,
    fund_code text not null references funds,
    category_code text not null,
    before_percent numeric(10,6) not null,
    after_percent numeric(10,6) not null,
    movement text not null,
    variety_name text,
    trade_unit integer,
    primary key (adjustment_id, fund_code)
  )`,
  `create table signals (
    sig_id text primary key,
    po_code text not null references portfolios,
    kind text not null,
    sig_date date not null,
    short_description text,
    signal_action_name text,
    display_signal_amount boolean not null default false,
    intro_title text,
    intro_description text,
    intro_link text,
    intro_tags jsonb not null default '[]',
    buy_rate numeric(10,6),
    issue_number integer,
    buy_valid_until timestamptz
  )`,
  `create index signals_po_idx on signals (po_code, kind, sig_date desc)`,
  `create table signal_orders (
    sig_id text not null references signals,
    seq integer not null,
    order_type text not null,
    fund_code text not null references funds,
    percent numeric(10,6) not null,
    amount numeric(16,2),
    target_fund_code text references funds,
    primary key (sig_id, seq)
  )`,
  `create table community_posts (
    post_id text primary key,
    po_code text references portfolios,
    kind text not null,
    content_type text,
    title text not null,
    url text,
    intro text,
    posted_date timestamptz not null,
    posted_by text,
    cover_url text,
    author_avatar_url text,
    author_level integer,
    contents jsonb not null default '[]'
  )`,
  `create index community_posts_po_idx on community_posts (po_code, kind, posted_date desc)`,
  `create table intro_videos (
    video_id text primary key,
    po_code text unique references portfolios,
    source_url text not null,
    cover_url text,
    url text,
    comment_count integer not null default 0,
    visit_count integer not null default 0
  )`,
  `create table investor_messages (
    id text primary key,
    po_code text not null references portfolios,
    avatar text,
    content text not null,
    like_num integer not null default 0,
    nick_name text,
    user_days integer
  )`,
  `create table columns (
    column_id text primary key,
    title text not null,
    cover_url text,
    description text,
    list_page_side_url text,
    sort integer not null default 0
  )`,
  `create table articles (
    article_id text primary key,
    column_id text references columns,
    title text not null,
    cover_thumbnail_url text,
    author text,
    content text not null default '',
    published_at timestamptz not null
  )`,
  `create index articles_column_idx on articles (column_id, published_at desc)`,
  `create table courses (
    course_id text primary key,
    title text not null,
    tags jsonb not null default '[]',
    url text,
    description text,
    cover_url text
  )`,
  `create table lessons (
    lesson_id text primary key,
    course_id text not null references courses,
    seq integer not null,
    title text not null,
    duration_second integer not null,
    video_url text
  )`,
  `create table ads (
    ad_id text primary key,
    rec_code text not null,
    display_name text,
    img_url text not null,
    url text,
    track_properties jsonb not null default '{}',
    sort integer not null default 0
  )`,
  `create table kv_configs (
    variant text not null,
    key text not null,
    value jsonb not null,
    primary key (variant, key)
  )`,
  `create table hand_picked (
    seq integer primary key,
    fund_code text not null references funds,
    reason text
  )`,
  `create table users (
    user_id text primary key,
    phone text unique,
    wechat_openid text unique,
    baidu_openid text unique,
    nickname text not null,
    avatar_url text,
    created_at timestamptz not null default now()
  )`,
  `create table sms_codes (
    phone text primary key,
    code_hash text not null,
    expires_at timestamptz not null,
    attempts integer not null default 0,
    window_start timestamptz not null,
    sent_in_window integer not null default 0,
    last_sent_at timestamptz not null
  )`,
  `create table user_fund_picks (
    user_id text not null references users,
    fund_code text not null references funds,
    seq integer not null,
    created_at timestamptz not null default now(),
    primary key (user_id, fund_code)
  )`,
  `create table follows (
    user_id text not null references users,
    po_code text not null references portfolios,
    created_at timestamptz not null default now(),
    primary key (user_id, po_code)
  )`,
  `create table user_holdings (
    user_id text not null references users,
    po_code text not null references portfolios,
    ca_id text not null,
    units numeric(18,4) not null default 0,
    signed boolean not null default false,
    primary key (user_id, po_code)
  )`,
  `create table saved_filters (
    filter_id text primary key,
    user_id text not null references users,
    name text not null,
    form_value jsonb not null default '{}',
    created_at timestamptz not null default now()
  )`,
  `create table live_streams (
    live_id text primary key,
    title text not null,
    cover_url text,
    presenter text,
    description text,
    status text not null,
    starts_at timestamptz not null
  )`,
  `create table live_comments (
    comment_id bigserial primary key,
    live_id text not null references live_streams,
    user_id text references users,
    nickname text not null,
    content text not null,
    created_at timestamptz not null default now()
  )`,
  `create index live_comments_live_idx on live_comments (live_id, comment_id desc)`,
  `create table tracking_events (
    id bigserial primary key,
    received_at timestamptz not null default now(),
    source text not null,
    event text,
    anonymous_id text,
    properties jsonb not null default '{}'
  )`,
  `create table article_reads (
    user_id text not null references users,
    article_id text not null references articles,
    read_at timestamptz not null default now(),
    primary key (user_id, article_id)
  )`,
  `create table demo_meta (
    key text primary key,
    value text not null
  )`,
]

export async function up(db: Kysely<unknown>): Promise<void> {
  for (const statement of UP) await sql.raw(statement).execute(db)
}

export async function down(db: Kysely<unknown>): Promise<void> {
  const tables = [...UP]
    .reverse()
    .map((s) => /^create table (\w+)/.exec(s)?.[1])
    .filter(Boolean)
  for (const t of tables) await sql.raw(`drop table if exists ${t} cascade`).execute(db)
}
