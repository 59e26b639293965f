import type { LookupFlags, LookupKind } from './kinds.ts';

/**
 * The master data a fresh portal starts with: appended once, through the lookup commands, when the lookup streams do
 * not exist yet (commands/lookups/seed.ts). Nothing reads these lists at run time: the lookups are the streams'
 * read model (projections/lookups). Ids are stable: read models and events refer to them.
 */
export interface Lookup {
  id: number;
  nameAr: string;
  nameEn: string;
}

const l = (id: number, nameAr: string, nameEn: string): Lookup => ({ id, nameAr, nameEn });

const REGIONS: Lookup[] = [
  l(1, 'الرياض', 'Riyadh'),
  l(2, 'مكة المكرمة', 'Makkah'),
  l(3, 'المدينة المنورة', 'Madinah'),
  l(4, 'القصيم', 'Qassim'),
  l(5, 'المنطقة الشرقية', 'Eastern Province'),
  l(6, 'عسير', 'Asir'),
  l(7, 'تبوك', 'Tabuk'),
  l(8, 'حائل', 'Hail'),
  l(9, 'الحدود الشمالية', 'Northern Borders'),
  l(10, 'جازان', 'Jazan'),
  l(11, 'نجران', 'Najran'),
  l(12, 'الباحة', 'Al Bahah'),
  l(13, 'الجوف', 'Al Jouf'),
  l(16, 'خارج المملكة', 'Outside the Kingdom'),
];

/**
 * City groups (the statistics' city-group breakdown and filter): the regions' seats, and the governorates. Cities
 * seeded before groups existed keep none until an admin sets it (the seed only adds missing items).
 */
const CITY_GROUPS: Lookup[] = [l(1, 'مقار المناطق', 'Region seats'), l(2, 'المحافظات', 'Governorates')];

const CITIES: (Lookup & { regionId: number; groupId: number })[] = [
  { ...l(1, 'الرياض', 'Riyadh'), regionId: 1, groupId: 1 },
  { ...l(2, 'الخرج', 'Al Kharj'), regionId: 1, groupId: 2 },
  { ...l(3, 'الدرعية', 'Diriyah'), regionId: 1, groupId: 2 },
  { ...l(4, 'مكة المكرمة', 'Makkah'), regionId: 2, groupId: 1 },
  { ...l(5, 'جدة', 'Jeddah'), regionId: 2, groupId: 2 },
  { ...l(6, 'الطائف', 'Taif'), regionId: 2, groupId: 2 },
  { ...l(7, 'المدينة المنورة', 'Madinah'), regionId: 3, groupId: 1 },
  { ...l(8, 'ينبع', 'Yanbu'), regionId: 3, groupId: 2 },
  { ...l(9, 'بريدة', 'Buraydah'), regionId: 4, groupId: 1 },
  { ...l(10, 'عنيزة', 'Unaizah'), regionId: 4, groupId: 2 },
  { ...l(11, 'الدمام', 'Dammam'), regionId: 5, groupId: 1 },
  { ...l(12, 'الخبر', 'Khobar'), regionId: 5, groupId: 2 },
  { ...l(13, 'الأحساء', 'Al Ahsa'), regionId: 5, groupId: 2 },
  { ...l(14, 'أبها', 'Abha'), regionId: 6, groupId: 1 },
  { ...l(15, 'خميس مشيط', 'Khamis Mushait'), regionId: 6, groupId: 2 },
  { ...l(16, 'تبوك', 'Tabuk'), regionId: 7, groupId: 1 },
  { ...l(17, 'نيوم', 'NEOM'), regionId: 7, groupId: 2 },
  { ...l(18, 'حائل', 'Hail'), regionId: 8, groupId: 1 },
  { ...l(19, 'عرعر', 'Arar'), regionId: 9, groupId: 1 },
  { ...l(20, 'جازان', 'Jazan'), regionId: 10, groupId: 1 },
  { ...l(21, 'نجران', 'Najran'), regionId: 11, groupId: 1 },
  { ...l(22, 'الباحة', 'Al Bahah'), regionId: 12, groupId: 1 },
  { ...l(23, 'سكاكا', 'Sakaka'), regionId: 13, groupId: 1 },
];

const NATIONALITIES: Lookup[] = [
  l(44, 'سعودي', 'Saudi'),
  l(12, 'مصري', 'Egyptian'),
  l(20, 'أردني', 'Jordanian'),
  l(31, 'سوداني', 'Sudanese'),
  l(35, 'يمني', 'Yemeni'),
  l(50, 'هندي', 'Indian'),
  l(51, 'باكستاني', 'Pakistani'),
  l(60, 'فلبيني', 'Filipino'),
  l(99, 'أخرى', 'Other'),
];
const COUNTRIES: Lookup[] = NATIONALITIES.map((n) => ({ ...n }));

const PROFESSIONS: Lookup[] = [
  l(1, 'طبيب', 'Physician'),
  l(2, 'ممرض', 'Nurse'),
  l(3, 'صيدلي', 'Pharmacist'),
  l(4, 'أخصائي مختبر', 'Lab specialist'),
  l(5, 'مسعف', 'Paramedic'),
  l(6, 'إداري', 'Administrator'),
  l(7, 'طالب', 'Student'),
  l(8, 'أخرى', 'Other'),
];
const CATEGORIES: Lookup[] = [l(1, 'صحي', 'Health'), l(2, 'غير صحي', 'Non-health')];
const SUBCATEGORIES_L1: (Lookup & { categoryId: number })[] = [
  { ...l(1, 'طب بشري', 'Medicine'), categoryId: 1 },
  { ...l(2, 'تمريض', 'Nursing'), categoryId: 1 },
  { ...l(3, 'صيدلة', 'Pharmacy'), categoryId: 1 },
  { ...l(4, 'إسعاف', 'Emergency care'), categoryId: 1 },
  { ...l(5, 'إدارة', 'Administration'), categoryId: 2 },
  { ...l(6, 'تقنية', 'Technology'), categoryId: 2 },
  { ...l(7, 'تعليم', 'Education'), categoryId: 2 },
];
const SUBCATEGORIES_L2: (Lookup & { level1Id: number })[] = [
  { ...l(1, 'طب الطوارئ', 'Emergency medicine'), level1Id: 1 },
  { ...l(2, 'طب الأسرة', 'Family medicine'), level1Id: 1 },
  { ...l(3, 'تمريض الطوارئ', 'Emergency nursing'), level1Id: 2 },
  { ...l(4, 'إسعاف ميداني', 'Field emergency care'), level1Id: 4 },
];
const EXPERIENCE_LEVELS: Lookup[] = [l(1, 'مبتدئ', 'Beginner'), l(2, 'متوسط', 'Intermediate'), l(3, 'خبير', 'Expert')];
const WORK_FIELDS: Lookup[] = [
  l(1, 'الرعاية الصحية', 'Health care'),
  l(2, 'التوعية الصحية', 'Health awareness'),
  l(3, 'الإسعافات الأولية', 'First aid'),
  l(4, 'الدعم الإداري', 'Administrative support'),
  l(5, 'الحشود والفعاليات', 'Crowds and events'),
  l(6, 'التطوع الرقمي', 'Digital volunteering'),
];
const CERTIFICATE_FIELDS: Lookup[] = [
  l(1, 'ثانوي', 'Secondary'),
  l(2, 'بكالوريوس', "Bachelor's"),
  l(3, 'ماجستير', "Master's"),
  l(4, 'دكتوراه', 'Doctorate'),
  l(5, 'دبلوم', 'Diploma'),
];
const LANGUAGES: Lookup[] = [
  l(1, 'العربية', 'Arabic'),
  l(2, 'الإنجليزية', 'English'),
  l(3, 'الفرنسية', 'French'),
  l(4, 'الأردية', 'Urdu'),
];
const PROFICIENCY_LEVELS: Lookup[] = [
  l(1, 'مبتدئ', 'Beginner'),
  l(2, 'متوسط', 'Intermediate'),
  l(3, 'متقدم', 'Advanced'),
  l(4, 'ممتاز', 'Fluent'),
  l(5, 'لغة أم', 'Native'),
];
const CONTACT_RELATIONS: Lookup[] = [
  l(1, 'أب', 'Father'),
  l(2, 'أم', 'Mother'),
  l(3, 'زوج/زوجة', 'Spouse'),
  l(4, 'أخ/أخت', 'Sibling'),
  l(5, 'صديق', 'Friend'),
  l(6, 'أخرى', 'Other'),
];
const BLOOD_GROUPS: Lookup[] = ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'].map((g, i) => l(i + 1, g, g));
const COVID_CONTACT_STATUSES: Lookup[] = [
  l(0, 'لا يوجد مخالطة', 'No contact'),
  l(1, 'مخالطة', 'Contact'),
  l(2, 'إصابة سابقة', 'Previously infected'),
];

/** Departments tickets are assigned to (spec: Ticket.DepartmentId); admins add more as master data. */
const DEPARTMENTS: Lookup[] = [
  l(1, 'إدارة التطوع', 'Volunteering department'),
  l(2, 'الدعم الفني', 'Technical support'),
  l(3, 'خدمة المستفيدين', 'Customer service'),
];

export interface SeedItem extends Lookup {
  parentId?: number;
  /** Cities: their city group. */
  groupId?: number;
  flags?: LookupFlags;
}

/** The seed lists per kind, in display order; a kind's parent and group kinds come before it. */
export const LOOKUP_SEED: Partial<Record<LookupKind, readonly SeedItem[]>> = {
  region: REGIONS.map((r) => (r.id === 16 ? { ...r, flags: { excludedFromRegistration: true } } : r)),
  cityGroup: CITY_GROUPS,
  city: CITIES.map(({ regionId, ...c }) => ({ ...c, parentId: regionId })),
  nationality: NATIONALITIES.map((n) => (n.id === 44 ? { ...n, flags: { national: true } } : n)),
  country: COUNTRIES,
  profession: PROFESSIONS,
  category: CATEGORIES,
  subCategoryLevel1: SUBCATEGORIES_L1.map(({ categoryId, ...c }) => ({ ...c, parentId: categoryId })),
  subCategoryLevel2: SUBCATEGORIES_L2.map(({ level1Id, ...c }) => ({ ...c, parentId: level1Id })),
  experienceLevel: EXPERIENCE_LEVELS,
  workField: WORK_FIELDS,
  certificateField: CERTIFICATE_FIELDS,
  language: LANGUAGES,
  proficiencyLevel: PROFICIENCY_LEVELS,
  contactRelation: CONTACT_RELATIONS,
  bloodGroup: BLOOD_GROUPS,
  covidContactStatus: COVID_CONTACT_STATUSES,
  department: DEPARTMENTS,
};
