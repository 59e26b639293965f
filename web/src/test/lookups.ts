import type { Lookups } from '../features/registration/api.ts';

const l = (id: number, nameAr: string, nameEn: string) => ({ id, nameAr, nameEn });

/** A small GET /api/lookups answer for the web tests and the screenshot server (region 16 already left out). */
export const testLookups: Lookups = {
  regions: [l(1, 'الرياض', 'Riyadh'), l(2, 'مكة المكرمة', 'Makkah'), l(7, 'تبوك', 'Tabuk')],
  cities: [
    { ...l(1, 'الرياض', 'Riyadh'), regionId: 1 },
    { ...l(3, 'الدرعية', 'Diriyah'), regionId: 1 },
    { ...l(5, 'جدة', 'Jeddah'), regionId: 2 },
    { ...l(17, 'نيوم', 'NEOM'), regionId: 7 },
  ],
  nationalities: [
    { ...l(44, 'سعودي', 'Saudi'), flags: { national: true } },
    l(12, 'مصري', 'Egyptian'),
    l(50, 'هندي', 'Indian'),
  ],
  countries: [l(44, 'السعودية', 'Saudi Arabia'), l(12, 'مصر', 'Egypt')],
  professions: [l(1, 'طبيب', 'Physician'), l(2, 'ممرض', 'Nurse')],
  categories: [l(1, 'صحي', 'Health'), l(2, 'غير صحي', 'Non-health')],
  subCategoriesLevel1: [
    { ...l(1, 'طب بشري', 'Medicine'), categoryId: 1 },
    { ...l(4, 'إسعاف', 'Emergency care'), categoryId: 1 },
    { ...l(5, 'إدارة', 'Administration'), categoryId: 2 },
  ],
  subCategoriesLevel2: [{ ...l(4, 'إسعاف ميداني', 'Field emergency care'), level1Id: 4 }],
  experienceLevels: [l(1, 'مبتدئ', 'Beginner'), l(2, 'متوسط', 'Intermediate')],
  workFields: [l(1, 'الرعاية الصحية', 'Health care'), l(2, 'التوعية الصحية', 'Health awareness')],
  certificateFields: [l(1, 'ثانوي', 'Secondary'), l(2, 'بكالوريوس', "Bachelor's")],
  languages: [l(1, 'العربية', 'Arabic'), l(2, 'الإنجليزية', 'English')],
  proficiencyLevels: [l(1, 'مبتدئ', 'Beginner'), l(2, 'متوسط', 'Intermediate'), l(3, 'متقدم', 'Advanced')],
  contactRelations: [l(1, 'أب', 'Father'), l(2, 'أم', 'Mother')],
  bloodGroups: ['A+', 'A-', 'B+', 'B-', 'O+', 'O-', 'AB+', 'AB-'].map((g, i) => l(i + 1, g, g)),
  covidContactStatuses: [l(0, 'لا يوجد مخالطة', 'No contact'), l(1, 'مخالطة', 'Contact')],
};
